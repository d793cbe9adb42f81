const SPACE_RUN = / {2,}/g;

/** Whether `text` writes a run of two or more spaces between two non-space characters. */
function hasInnerRun(text: string): boolean {
  for (const match of text.matchAll(SPACE_RUN)) if (isInner(text, match.index, match[0].length)) return true;
  return false;
}

/** Between two characters that are not whitespace: not an edge, not next to a newline or a tab (layout). */
function isInner(text: string, start: number, length: number): boolean {
  const before = text[start - 1];
  const after = text[start + length];
  return before !== undefined && after !== undefined && !/\s/.test(before) && !/\s/.test(after);
}

/** A run this long between two words is layout (columns aligned), which a translation re-aligns to its own widths. */
const LAYOUT_RUN = 3;

/**
 * Spacing is the source's: engines put a second space where they glue words around a
 * placeholder or a comma (Apertium: "Hello {name}, you have" → "Hola {name},  tienes"). A run
 * of two spaces inside the translation becomes one space unless the source itself spaces with
 * runs (of two or more anywhere: a table); a longer run is layout and stays (`%sDate:      %s` →
 * `%sFecha:     %s`, `Access Rights : ` → `Drets d’accés    : `). Runs next to newlines or tabs
 * (indentation, layout) and at the edges stay as they are (the edges are each provider's:
 * Apertium and ICU branches get the source's back with keepEdgeWhitespace, pseudo keeps them
 * outside its brackets). Linear in the text.
 */
export function keepSourceSpacing(source: string, output: string): string {
  // An answer identical to its source, or without two spaces in a row, has nothing to change.
  if (output === source || !output.includes("  ")) return output;
  if (hasInnerRun(source)) return output;
  return output.replace(SPACE_RUN, (run: string, start: number) =>
    run.length >= LAYOUT_RUN || !isInner(output, start, run.length) ? run : " ",
  );
}
