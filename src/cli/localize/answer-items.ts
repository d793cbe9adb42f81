/**
 * The items of a list in the server's answer that have a `path` array and a string in each of
 * `textFields`; anything else (or no list: an older server sends none) is dropped.
 */
export function wellFormedItems<Item extends { path: (string | number)[] }>(
  value: unknown,
  textFields: readonly Exclude<keyof Item, "path">[],
): Item[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is Item =>
      typeof item === "object" &&
      item !== null &&
      Array.isArray((item as Item).path) &&
      textFields.every((field) => typeof (item as Item)[field] === "string"),
  );
}
