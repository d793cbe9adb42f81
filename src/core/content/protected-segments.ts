import { scanPlaceholders } from "./flat-placeholders.js";
import { parseIcuChoices, type IcuChoice, type IcuPart } from "./icu-message.js";
import { rememberRecent } from "./recent-results.js";
import { mergeText, type Segment } from "./segment.js";

export type { Segment } from "./segment.js";

/**
 * Splits a UI string into translatable text and protected tokens that every engine must
 * return untouched. A valid ICU message with plural/select keeps its skeleton (heads,
 * selectors, braces, `#`) protected and its branch texts translatable; everything else —
 * and the text inside branches — goes through the flat placeholder scanner. Linear in the
 * input; the segments always join back to the input. The splits of the last 256–512 strings (up to
 * 2,000 characters) are remembered (the output check, the post-edits and the quality report split the same strings):
 * shared with every caller, hence readonly.
 */
export const splitProtected: (input: string) => readonly Segment[] = rememberRecent(split, {
  capacity: 256,
  maxLength: 2000,
});

function split(input: string): Segment[] {
  const parts = parseIcuChoices(input);
  if (!parts) return mergeText(scanPlaceholders(input));
  const out: Segment[] = [];
  appendParts(input, parts, out);
  return mergeText(out);
}

function appendParts(input: string, parts: readonly IcuPart[], out: Segment[]): void {
  for (const part of parts) {
    if (part.kind === "choice") appendChoice(input, part, out);
    else
      for (const segment of scanPlaceholders(input.slice(part.start, part.end), { pound: part.inPlural }))
        out.push(segment);
  }
}

function appendChoice(input: string, choice: IcuChoice, out: Segment[]): void {
  let skeletonFrom = choice.start;
  for (const branch of choice.branches) {
    out.push({ kind: "protected", value: input.slice(skeletonFrom, branch.open + 1) });
    appendParts(input, branch.parts, out);
    skeletonFrom = branch.close - 1;
  }
  out.push({ kind: "protected", value: input.slice(skeletonFrom, choice.end) });
}

/** The protected tokens of `input`, in order, without surrounding whitespace. */
export function protectedTokens(input: string): string[] {
  return splitProtected(input)
    .filter((segment) => segment.kind === "protected")
    .map((segment) => segment.value.trim())
    .filter((token) => token.length > 0);
}
