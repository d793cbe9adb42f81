import { codeCheck, markupCheck, placeholdersCheck, urlsCheck } from "./token-checks.js";
import { icuCheck, pluralFormsCheck } from "./icu-checks.js";
import { printfCheck } from "./printf-check.js";
import { bracketsCheck, endPunctuationCheck } from "./punctuation-checks.js";
import { doubledSpaceCheck, edgeSpaceCheck, newlinesCheck } from "./whitespace-checks.js";
import { doubledWordCheck, glossaryCheck, lengthCheck, numbersCheck, untranslatedCheck } from "./content-checks.js";
import { type Check, type CheckInput, type Finding, NO_FINDINGS } from "./finding.js";

export type { Check, CheckInput, Finding, Severity } from "./finding.js";

/**
 * Every check, errors first (docs/quality.md#checks). `error`: a program will break or mis-render
 * the string. `warning`: a reader will notice.
 */
export const CHECKS: readonly Check[] = [
  printfCheck,
  icuCheck,
  pluralFormsCheck,
  placeholdersCheck,
  markupCheck,
  urlsCheck,
  codeCheck,
  newlinesCheck,
  edgeSpaceCheck,
  doubledSpaceCheck,
  endPunctuationCheck,
  numbersCheck,
  bracketsCheck,
  doubledWordCheck,
  untranslatedCheck,
  lengthCheck,
  glossaryCheck,
];

/**
 * The checks of a translation in which the pipeline's output check found exactly the source's
 * tokens, as often and in the same tiers (docs/quality.md#what-the-output-check-hands-over):
 * `placeholders`, `markup`, `urls`, `code` and `empty` cannot find anything there. `printf` still
 * runs: the output check compares what conversions read, not their flags and widths, so an answer
 * may move a width to the other argument (`%-20s … %s` for `%s … %-20s`); `icu` and `plural-forms`
 * too (the output check accepts an ICU plural in the source's categories).
 */
const CHECKS_AFTER_OUTPUT_CHECK: readonly Check[] = CHECKS.filter(
  (check) => ![placeholdersCheck, markupCheck, urlsCheck, codeCheck].includes(check),
);

/**
 * Everything the checks find in one translation; a check that throws is itself a finding, never a
 * failure of the call. `tokensKept`: CheckedPair.tokensKept (report.ts).
 */
export function checkTranslation(input: CheckInput, options: { tokensKept?: boolean } = {}): readonly Finding[] {
  const checks = options.tokensKept === true ? CHECKS_AFTER_OUTPUT_CHECK : CHECKS;
  // An empty translation is missing, not wrong: the other checks would only repeat it (the output check refuses it).
  if (checks === CHECKS && input.translation.trim() === "" && input.source.trim() !== "")
    return [{ check: "empty", severity: "error", message: "The translation is empty." }];
  // Most strings have no finding: their list is made only when there is one.
  let findings: Finding[] | undefined;
  for (const check of checks) {
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
