const SPACE_RUN = / {2,}/g;

/** The lengths of the runs of two or more spaces that `text` writes between two non-space characters. */
function innerRunLengths(text: string): Set<number> {
  const lengths = new Set<number>();
  for (const match of text.matchAll(SPACE_RUN))
    if (isInner(text, match.index, match[0].length)) lengths.add(match[0].length);
  return lengths;
}

/** Between two characters that are not whitespace: not an edge, not next to a newline or a tab (layout). */
function isInner(text: string, start: number, length: number): boolean {
  const before = text[start - 1];
  const after = text[start + length];
  return before !== undefined && after !== undefined && !/\s/.test(before) && !/\s/.test(after);
}

/**
 * Spacing is the source's: engines put a second space where they glue words around a
 * placeholder or a comma (Apertium: "Hello {name}, you have" → "Hola {name},  tienes"). A run
 * of spaces inside the translation becomes one space unless the source itself has a run of
 * that length; runs next to newlines or tabs (indentation, layout) and at the edges stay as
 * they are (the edges are each provider's: Apertium and ICU branches get the source's back
 * with keepEdgeWhitespace, pseudo keeps them inside its brackets). Linear in the text.
 */
export function keepSourceSpacing(source: string, output: string): string {
  // An answer identical to its source, or without two spaces in a row, has nothing to change.
  if (output === source || !output.includes("  ")) return output;
  const kept = innerRunLengths(source);
  return output.replace(SPACE_RUN, (run: string, start: number) =>
    kept.has(run.length) || !isInner(output, start, run.length) ? run : " ",
  );
}
