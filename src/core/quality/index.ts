import { codeCheck, markupCheck, placeholdersCheck, urlsCheck } from "./token-checks.js";
import { icuCheck, pluralFormsCheck } from "./icu-checks.js";
import { printfCheck } from "./printf-check.js";
import { bracketsCheck, endPunctuationCheck } from "./punctuation-checks.js";
import { doubledSpaceCheck, edgeSpaceCheck, newlinesCheck } from "./whitespace-checks.js";
import { doubledWordCheck, glossaryCheck, lengthCheck, numbersCheck, untranslatedCheck } from "./content-checks.js";
import type { Check, CheckInput, Finding } from "./finding.js";

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

/** Everything the checks find in one translation; a check that throws is itself a finding, never a failure of the call. */
export function checkTranslation(input: CheckInput): Finding[] {
  // An empty translation is missing, not wrong: the other checks would only repeat it.
  if (input.translation.trim() === "" && input.source.trim() !== "")
    return [{ check: "empty", severity: "error", message: "The translation is empty." }];
  const findings: Finding[] = [];
  for (const check of CHECKS) {
    try {
      const found = check(input);
      if (found.length > 0) findings.push(...found);
    } catch {
      findings.push({ check: "unchecked", severity: "warning", message: "A check could not run on this string." });
    }
  }
  return findings;
}
