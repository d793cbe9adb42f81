import { codeCheck, markupCheck, placeholdersCheck, urlsCheck } from "./token-checks.js";
import { icuCheck, pluralFormsCheck } from "./icu-checks.js";
import { printfCheck } from "./printf-check.js";
import { bracketsCheck, endPunctuationCheck } from "./punctuation-checks.js";
import { doubledSpaceCheck, edgeSpaceCheck, newlinesCheck } from "./whitespace-checks.js";
import { doubledWordCheck, glossaryCheck, lengthCheck, numbersCheck, untranslatedCheck } from "./content-checks.js";
import { type Check, type CheckInput, type Finding, NO_FINDINGS } from "./finding.js";
import { Trait, traitsOf } from "./text-facts.js";

export type { Check, CheckInput, Finding, Severity } from "./finding.js";

/**
 * A check, and where a trait (text-facts.ts) must be for it to find anything: in the source,
 * the translation, both, or either. A pair without them cannot give a finding, so the check is
 * not run: most strings have no `%`, digit, brace or bracket, and the report runs on every answer.
 */
interface Registered {
  check: Check;
  needs?: { trait: number; in: "source" | "translation" | "both" | "either" };
}

/**
 * Every check, errors first (docs/quality.md#checks). `error`: a program will break or mis-render
 * the string. `warning`: a reader will notice.
 */
const REGISTERED: readonly Registered[] = [
  { check: printfCheck, needs: { trait: Trait.percent, in: "either" } },
  { check: icuCheck, needs: { trait: Trait.brace, in: "source" } },
  { check: pluralFormsCheck, needs: { trait: Trait.brace, in: "both" } },
  { check: placeholdersCheck },
  { check: markupCheck },
  { check: urlsCheck },
  { check: codeCheck },
  { check: newlinesCheck, needs: { trait: Trait.spaceAtEdge, in: "either" } },
  { check: edgeSpaceCheck, needs: { trait: Trait.spaceAtEdge, in: "either" } },
  { check: doubledSpaceCheck, needs: { trait: Trait.doubledSpace, in: "translation" } },
  { check: endPunctuationCheck },
  { check: numbersCheck, needs: { trait: Trait.digit, in: "source" } },
  { check: bracketsCheck, needs: { trait: Trait.unbalancedBrackets, in: "either" } },
  { check: doubledWordCheck },
  { check: untranslatedCheck },
  { check: lengthCheck },
  { check: glossaryCheck },
];

/** The checks alone, in that order. */
export const CHECKS: readonly Check[] = REGISTERED.map((registered) => registered.check);

/**
 * The checks of a translation in which the pipeline's output check found exactly the source's
 * tokens, as often and in the same tiers (docs/quality.md#what-the-output-check-hands-over):
 * `placeholders`, `markup`, `urls`, `code` and `empty` cannot find anything there. `printf` still
 * runs: the output check compares what conversions read, not their flags and widths, so an answer
 * may move a width to the other argument (`%-20s … %s` for `%s … %-20s`); `icu` and `plural-forms`
 * too (the output check accepts an ICU plural in the source's categories).
 */
const AFTER_OUTPUT_CHECK: readonly Registered[] = REGISTERED.filter(
  ({ check }) => ![placeholdersCheck, markupCheck, urlsCheck, codeCheck].includes(check),
);

function mayFind(needs: Registered["needs"], source: number, translation: number): boolean {
  if (!needs) return true;
  switch (needs.in) {
    case "source":
      return (source & needs.trait) !== 0;
    case "translation":
      return (translation & needs.trait) !== 0;
    case "both":
      return (source & translation & needs.trait) !== 0;
    case "either":
      return ((source | translation) & needs.trait) !== 0;
  }
}

/**
 * Everything the checks find in one translation; a check that throws is itself a finding, never a
 * failure of the call. `tokensKept`: CheckedPair.tokensKept (report.ts).
 */
export function checkTranslation(input: CheckInput, options: { tokensKept?: boolean } = {}): readonly Finding[] {
  const checks = options.tokensKept === true ? AFTER_OUTPUT_CHECK : REGISTERED;
  // An empty translation is missing, not wrong: the other checks would only repeat it (the output check refuses it).
  if (checks === REGISTERED && input.translation.trim() === "" && input.source.trim() !== "")
    return [{ check: "empty", severity: "error", message: "The translation is empty." }];
  const source = traitsOf(input.source);
  const translation = traitsOf(input.translation);
  // Most strings have no finding: their list is made only when there is one.
  let findings: Finding[] | undefined;
  for (const { check, needs } of checks) {
    if (!mayFind(needs, source, translation)) continue;
    try {
      const found = check(input);
      if (found.length > 0) (findings ??= []).push(...found);
    } catch {
      (findings ??= []).push({
        check: "unchecked",
        severity: "warning",
        message: "A check could not run on this string.",
      });
    }
  }
  return findings ?? NO_FINDINGS;
}
