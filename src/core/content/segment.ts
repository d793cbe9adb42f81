/** A piece of a UI string: text an engine may translate, or a token it must return untouched. */
export type Segment = { kind: "text"; value: string } | { kind: "protected"; value: string };

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
