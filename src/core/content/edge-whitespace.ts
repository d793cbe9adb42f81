/**
 * `output` with the leading and trailing whitespace of `source`: engines trim or add spaces at
 * the edges (Apertium puts one after a block tag), which matters for fragments that are
 * glued back together. Linear: no regex anchored at the end.
 */
export function keepEdgeWhitespace(source: string, output: string): string {
  if (source.trim().length === 0) return output;
  const leading = source.slice(0, source.length - source.trimStart().length);
  const trailing = source.slice(source.trimEnd().length);
  const core = output.trim();
  return core.length === 0 ? output : leading + core + trailing;
}
