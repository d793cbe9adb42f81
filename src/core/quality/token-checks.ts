import { parseIcuChoices } from "../content/icu-message.js";
import { type Check, type Finding, type Severity, NO_FINDINGS } from "./finding.js";
import { describeDifferences, differences, sameSequence, type Tokens } from "./tokens.js";
import { tokensOf } from "./text-facts.js";

/**
 * Tokens a program fills in or parses must come back as the source has them, as often: markup,
 * URLs and e-mail addresses, named placeholders. What a user types (options, paths, environment
 * variables, identifiers) is not compared: human translations of help text drift from their
 * source there far more often than they break anything (docs/quality.md#what-is-not-checked).
 * Metavariables that only name a thing (`<file>`, `FILE`) may be translated. An ICU message's placeholders are compared branch by branch by the `icu` check.
 */
function tokenCheck(
  check: string,
  severity: Severity,
  kind: keyof Tokens,
  what: string,
  options: { skipIcu?: boolean } = {},
): Check {
  return ({ source, translation }) => {
    const expected = tokensOf(source)[kind];
    const actual = tokensOf(translation)[kind];
    if (sameSequence(expected, actual)) return NO_FINDINGS;
    if (options.skipIcu && parseIcuChoices(source)) return NO_FINDINGS;
    const found = differences(expected, actual);
    if (found.lost.length === 0 && found.invented.length === 0) return NO_FINDINGS;
    return [
      {
        check,
        severity,
        message: `${what} differ from the source's: ${describeDifferences(found)}.`,
      } satisfies Finding,
    ];
  };
}

export const placeholdersCheck = tokenCheck("placeholders", "error", "placeholders", "placeholders", { skipIcu: true });
export const markupCheck = tokenCheck("markup", "error", "markup", "markup tags");
export const urlsCheck = tokenCheck("urls", "error", "urls", "URLs or e-mail addresses");

/**
 * A Markdown code span is code: its content must stay, but a translator may turn its backticks
 * into the language's quotes (`` `--bisect-state` `` → «--bisect-state»).
 */
export const codeCheck: Check = ({ source, translation }) => {
  const spans = tokensOf(source).code;
  if (spans.length === 0) return NO_FINDINGS;
  const lost = spans.filter((span) => !translation.includes(span.replace(/^`+|`+$/g, "")));
  if (lost.length === 0) return NO_FINDINGS;
  return [
    {
      check: "code",
      severity: "error",
      message: `code lost: ${lost.map((span) => JSON.stringify(span)).join(", ")}.`,
    },
  ];
};
