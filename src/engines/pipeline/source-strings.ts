/** A distinct, non-blank string of a request, with the hints of its first occurrence. */
export interface SourceString {
  text: string;
  hints: string[] | undefined;
}

/** An accepted translation and the `provider/model` that produced it, when a model did. */
export interface Translation {
  text: string;
  model: string | null;
  /**
   * An engine's answer in which the output check found exactly the source's tokens, in the same
   * tiers (validate-output.ts checkOutput): the quality report need not compare them again. Never
   * set on a translation recalled from the translation memory.
   */
  tokensKept?: boolean;
}

/** Whitespace-only strings are returned as they are, never translated. */
export const isBlank = (text: string): boolean => text.trim().length === 0;

/** Identical strings once (with the hints of the first), blank strings not at all; in order of first occurrence. */
export function dedupe(texts: readonly string[], hints: readonly (string[] | undefined)[]): SourceString[] {
  const unique = new Map<string, SourceString>();
  texts.forEach((text, index) => {
    if (!isBlank(text) && !unique.has(text)) unique.set(text, { text, hints: hints[index] });
  });
  return [...unique.values()];
}
