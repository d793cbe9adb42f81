import type { UntranslatedString } from "../../contract/process.js";
import { hasProse } from "./has-prose.js";

const languageOf = (locale: string) => locale.toLowerCase().split(/[-_]/)[0]!;

export const UNCHANGED_REASON = "the engine returned it unchanged although it has words to translate";

/**
 * The strings of a call that did not come back translated, in leaf order: a leaf one of whose
 * units failed with every model keeps its source text (`engine_failed`, with that unit's
 * reason); a leaf the engine returned exactly as it was, although it has prose, is
 * `unchanged` — except between two variants of one language (`en` → `en-GB`), where an
 * unchanged string is usually right.
 */
export function untranslatedStrings(input: {
  leaves: readonly { path: readonly (string | number)[]; value: string }[];
  outputs: readonly string[];
  /** Per leaf: why it failed, when it did. */
  failures: readonly (string | undefined)[];
  sourceLocale: string;
  targetLocale: string;
}): { outputs: string[]; untranslated: UntranslatedString[] } {
  const sameLanguage = languageOf(input.sourceLocale) === languageOf(input.targetLocale);
  const untranslated: UntranslatedString[] = [];
  const outputs = input.leaves.map((leaf, index) => {
    const failure = input.failures[index];
    if (failure !== undefined) {
      untranslated.push({ path: [...leaf.path], code: "engine_failed", reason: failure });
      return leaf.value;
    }
    const output = input.outputs[index]!;
    if (!sameLanguage && output === leaf.value && hasProse(leaf.value))
      untranslated.push({ path: [...leaf.path], code: "unchanged", reason: UNCHANGED_REASON });
    return output;
  });
  return { outputs, untranslated };
}
