import type { QualityCheck } from "../../contract/process.js";
import { glossaryFor } from "../engines/glossary.js";
import type { GlossaryItem } from "../engines/glossary-item.js";
import { type CheckInput, checkTranslation } from "./index.js";

/** One string of a payload and its translation, at its place in `data`. */
export interface CheckedPair {
  path: readonly (string | number)[];
  source: string;
  translation: string;
  /**
   * An engine's answer in which the pipeline's output check found exactly the source's tokens
   * (Translation.tokensKept): the checks that compare tokens are skipped, as they cannot find
   * anything (docs/quality.md#what-the-output-check-hands-over).
   */
  tokensKept?: boolean | undefined;
}

const TOKENS_KEPT = { tokensKept: true } as const;
const TOKENS_TO_CHECK = { tokensKept: false } as const;

/** Adds the findings of one pair to `checks`, each with the pair's path. */
function reportPair(
  checks: QualityCheck[],
  path: readonly (string | number)[],
  input: CheckInput,
  tokensKept: boolean | undefined,
): void {
  for (const finding of checkTranslation(input, tokensKept === true ? TOKENS_KEPT : TOKENS_TO_CHECK))
    checks.push({ path: [...path], ...finding });
}

/**
 * The quality report of a payload: every finding of every pair, in the pairs' order, with the
 * pair's path (as `untranslated` gives it). Pure: the same pairs give the same report.
 */
export function qualityReport(input: {
  pairs: readonly CheckedPair[];
  sourceLocale: string;
  targetLocale: string;
  glossary?: readonly GlossaryItem[] | undefined;
}): QualityCheck[] {
  const { sourceLocale, targetLocale, glossary } = input;
  const checks: QualityCheck[] = [];
  for (const { path, source, translation, tokensKept } of input.pairs)
    reportPair(checks, path, { source, translation, sourceLocale, targetLocale, glossary }, tokensKept);
  return checks;
}

/**
 * The report of a localize answer: its translated strings against their sources, the engine's
 * glossary included. Strings listed as untranslated (failed, or returned unchanged) are left
 * out: the answer already says what is wrong with them.
 */
export function answerChecks(input: {
  leaves: readonly { path: readonly (string | number)[]; value: string }[];
  outputs: readonly string[];
  /** Per leaf: CheckedPair.tokensKept. */
  tokensKept?: readonly boolean[] | undefined;
  untranslated: readonly { path: readonly (string | number)[] }[] | undefined;
  sourceLocale: string;
  targetLocale: string;
  glossary: readonly GlossaryItem[];
}): QualityCheck[] {
  const { leaves, outputs, sourceLocale, targetLocale } = input;
  const skipped =
    input.untranslated && input.untranslated.length > 0
      ? new Set(input.untranslated.map((item) => JSON.stringify(item.path)))
      : undefined;
  const glossary = glossaryFor(input.glossary, sourceLocale, targetLocale);
  const checks: QualityCheck[] = [];
  for (let index = 0; index < leaves.length; index++) {
    const { path, value } = leaves[index]!;
    if (skipped?.has(JSON.stringify(path))) continue;
    const translation = outputs[index]!;
    reportPair(
      checks,
      path,
      { source: value, translation, sourceLocale, targetLocale, glossary },
      input.tokensKept?.[index],
    );
  }
  return checks;
}
