/**
 * Localizable content is any JSON value. These helpers pull out the string leaves in a
 * stable order and put translated strings back into an exact copy of the input shape,
 * keeping every key — `__proto__` and `constructor` included — as an own data property.
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface StringLeaf {
  /** Path of object keys and array indexes from the root. */
  path: (string | number)[];
  value: string;
}

export function collectStrings(root: JsonValue): StringLeaf[] {
  const leaves: StringLeaf[] = [];
  const visit = (value: JsonValue, path: (string | number)[]): void => {
    if (typeof value === "string") leaves.push({ path, value });
    else if (Array.isArray(value)) value.forEach((item, index) => visit(item, [...path, index]));
    else if (value !== null && typeof value === "object") {
      for (const key of Object.keys(value)) visit(value[key] as JsonValue, [...path, key]);
    }
  };
  visit(root, []);
  return leaves;
}

/** Copies `root`, replacing the n-th string leaf (in `collectStrings` order) with `replacements[n]`. */
export function replaceStrings<T extends JsonValue>(root: T, replacements: readonly string[]): T {
  let next = 0;
  const rebuild = (value: JsonValue): JsonValue => {
    if (typeof value === "string") {
      const replacement = replacements[next++];
      if (replacement === undefined) throw new RangeError("fewer replacements than string leaves");
      return replacement;
    }
    if (Array.isArray(value)) return value.map(rebuild);
    if (value !== null && typeof value === "object") {
      const copy: Record<string, JsonValue> = {};
      for (const key of Object.keys(value)) {
        const item = rebuild(value[key] as JsonValue);
        // Assigning `__proto__` would set the prototype; every other key is assigned (a fast object).
        if (key === "__proto__")
          Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
        else copy[key] = item;
      }
      return copy;
    }
    return value;
  };
  const result = rebuild(root) as T;
  if (next !== replacements.length) throw new RangeError("more replacements than string leaves");
  return result;
}

/** Nesting depth of a JSON value (a scalar is 0), computed without recursion. */
export function jsonDepth(root: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (value === null || typeof value !== "object") continue;
    const inner = depth + 1;
    if (inner > deepest) deepest = inner;
    if (deepest > limit) return deepest;
    for (const child of Object.values(value)) stack.push([child, inner]);
  }
  return deepest;
}

/** How many string values a JSON value holds, counting no further than `limit + 1`. */
export function countStrings(root: unknown, limit: number): number {
  let count = 0;
  const stack: unknown[] = [root];
  while (stack.length > 0 && count <= limit) {
    const item = stack.pop();
    if (typeof item === "string") count++;
    else if (Array.isArray(item)) for (const child of item) stack.push(child);
    else if (item !== null && typeof item === "object") {
      for (const key of Object.keys(item)) stack.push((item as Record<string, unknown>)[key]);
    }
  }
  return count;
}
