/**
 * Whether an edit changes anything: an edit that leaves every field as it was (Translator →
 * Translator) records no audit event (issue 14). Lists compare as sets.
 */
export function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((value) => right.has(value));
}

/** True when every field of `after` equals the one in `before` (arrays compared as sets). */
export function changesNothing<Before extends object>(
  before: Before,
  after: { [Field in keyof Before]?: string | number | boolean | null | readonly string[] },
): boolean {
  return Object.entries(after).every(([field, value]) => {
    const old: unknown = before[field as keyof Before];
    if (Array.isArray(value) && Array.isArray(old)) return sameSet(value as string[], old as string[]);
    return old === value;
  });
}
