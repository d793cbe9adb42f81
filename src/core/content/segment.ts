/**
 * A piece of a UI string: text an engine may translate, or a token it must return untouched.
 * A `soft` token (a metavariable that only names a thing: `<file>`, `FIRST_PAGE`) is kept by the
 * engines that cannot be told what to keep, but an answer that translates it is not refused.
 */
export type Segment = { kind: "text"; value: string } | { kind: "protected"; value: string; soft?: true };

/** Joins neighbouring text segments and drops empty ones; protected tokens stay one segment each. */
export function mergeText(segments: readonly Segment[]): Segment[] {
  const merged: Segment[] = [];
  for (const segment of segments) {
    if (segment.value.length === 0) continue;
    const last = merged[merged.length - 1];
    if (last && last.kind === "text" && segment.kind === "text")
      merged[merged.length - 1] = { kind: "text", value: last.value + segment.value };
    else merged.push(segment);
  }
  return merged;
}
