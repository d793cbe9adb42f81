/** True when any string or property name in a parsed JSON value contains U+0000 (iterative: no recursion limit). */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === "string") {
      if (item.includes("\u0000")) return true;
    } else if (Array.isArray(item)) {
      for (const child of item) stack.push(child);
    } else if (item !== null && typeof item === "object") {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes("\u0000")) return true;
        stack.push(child);
      }
    }
  }
  return false;
}
