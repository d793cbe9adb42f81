import type { QualityCheck } from "../../contract/process.js";
import { glossaryFor } from "../engines/glossary.js";
import type { GlossaryItem } from "../engines/glossary-item.js";
import { checkTranslation } from "./index.js";

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
  const checks: QualityCheck[] = [];
  for (const pair of input.pairs) {
    for (const finding of checkTranslation(
      {
        source: pair.source,
        translation: pair.translation,
        sourceLocale: input.sourceLocale,
        targetLocale: input.targetLocale,
        glossary: input.glossary,
      },
      pair.tokensKept === true ? TOKENS_KEPT : TOKENS_TO_CHECK,
    ))
      checks.push({ path: [...pair.path], ...finding });
  }
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
  const skipped =
    input.untranslated && input.untranslated.length > 0
      ? new Set(input.untranslated.map((item) => JSON.stringify(item.path)))
      : undefined;
  const pairs: CheckedPair[] = [];
  input.leaves.forEach((leaf, index) => {
    if (skipped?.has(JSON.stringify(leaf.path))) return;
    pairs.push({
      path: leaf.path,
      source: leaf.value,
      translation: input.outputs[index]!,
      tokensKept: input.tokensKept?.[index] === true,
    });
  });
  return qualityReport({
    pairs,
    sourceLocale: input.sourceLocale,
    targetLocale: input.targetLocale,
    glossary: glossaryFor(input.glossary, input.sourceLocale, input.targetLocale),
  });
}
