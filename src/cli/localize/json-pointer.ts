/** RFC 6901 JSON Pointers: how the lock file names a string inside a JSON file (`/menu/open`, `/list/0`). */
export function toPointer(path: readonly (string | number)[]): string {
  return path.map((segment) => `/${String(segment).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");
}

export function fromPointer(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"));
}
