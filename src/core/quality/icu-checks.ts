import { hasChoiceHead, parseIcuChoices, MAX_ICU_CHARS, type IcuChoice, type IcuPart } from "../content/icu-message.js";
import { pluralLanguage } from "../content/plural-categories.js";
import { placeholderProblems } from "../engines/validate-output.js";
import { type Check, type Finding, NO_FINDINGS } from "./finding.js";

/** Branch keys of a plural are the target's, not the source's: the `plural-forms` check judges them. */
const PLURAL_BRANCH_PROBLEM = /^(?:.*: )?(?:lost|invented) branch "[^"]+" of \{[^,]+, (?:plural|selectordinal)/;

/**
 * ICU MessageFormat: a translation of a message with plural/select arguments must parse and keep
 * them (name, type, offset), `select`'s keys, and every branch's placeholders and `#`. A source
 * that has an ICU head but does not parse cannot be checked: that is reported, not skipped.
 */
export const icuCheck: Check = ({ source, translation, sourceLocale, targetLocale }) => {
  if (!hasChoiceHead(source)) return NO_FINDINGS;
  if (!parseIcuChoices(source))
    return [
      {
        check: "icu",
        severity: "error",
        message: "the source's ICU message does not parse, so its translation's structure could not be checked.",
      },
    ];
  const problems = placeholderProblems(source, translation, { sourceLocale, targetLocale }).filter(
    (problem) => !PLURAL_BRANCH_PROBLEM.test(problem),
  );
  if (problems.length === 0) return NO_FINDINGS;
  return [{ check: "icu", severity: "error", message: `ICU message: ${problems.join("; ")}.` }];
};

/**
 * `other` (ICU requires it) and the plural categories a language selects for the whole numbers
 * 0–1,000 (French `many` is for a million and more, Polish `other` for fractions only).
 */
export function requiredCategories(locale: string, type: "cardinal" | "ordinal"): readonly string[] {
  const language = pluralLanguage(locale, type) ?? pluralLanguage("en", type)!;
  return language.categories
    .filter(
      (category) =>
        category === "other" || language.numbers.get(category)!.some((n) => Number.isInteger(n) && n <= 1000),
    )
    .sort();
}

function pluralChoices(parts: readonly IcuPart[], into: IcuChoice[] = []): IcuChoice[] {
  for (const part of parts) {
    if (part.kind !== "choice") continue;
    if (part.type !== "select") into.push(part);
    for (const branch of part.branches) pluralChoices(branch.parts, into);
  }
  return into;
}

/**
 * Plural forms: each ICU plural of the translation needs `other` and every category the target
 * language selects for whole numbers (Polish `one`, `few`, `many`; Japanese `other` only), or
 * some counts print a wrong or empty form. Explicit `=N` branches are extra, never required.
 */
export const pluralFormsCheck: Check = ({ source, translation, targetLocale }) => {
  if (!hasChoiceHead(translation) || !hasChoiceHead(source)) return NO_FINDINGS;
  const parts = parseIcuChoices(translation, 4 * MAX_ICU_CHARS);
  if (!parts) return NO_FINDINGS;
  const findings: Finding[] = [];
  for (const choice of pluralChoices(parts)) {
    const keys = new Set(choice.branches.map((branch) => branch.key));
    const type = choice.type === "selectordinal" ? "ordinal" : "cardinal";
    const missing = requiredCategories(targetLocale, type).filter((key) => !keys.has(key));
    if (missing.length > 0)
      findings.push({
        check: "plural-forms",
        severity: "error",
        message: `{${choice.argument}, ${choice.type}} lacks the ${targetLocale} form${missing.length > 1 ? "s" : ""} ${missing.join(", ")}.`,
      });
  }
  return findings;
};
