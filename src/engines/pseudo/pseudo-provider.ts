import { setTimeout } from "node:timers/promises";
import { pseudoLocalize } from "../../core/content/pseudo-localize.js";
import { mask, unmask } from "../../core/engines/markers.js";
import type { TranslationProvider } from "../provider.js";

const PLAIN = { xml: false };

/**
 * Deterministic pseudo-localization: no model, no tokens; for tests and UI previews.
 * Glossary terms are honoured like on every provider: kept, or replaced by their translation.
 */
export const pseudoProvider: TranslationProvider = {
  memoizable: false,
  async translate(input) {
    const glossary = input.glossary ?? [];
    if (glossary.length === 0) return { texts: input.texts.map(pseudoLocalize) };
    return {
      texts: input.texts.map((text) => {
        const masked = mask(text, glossary, PLAIN);
        return unmask(pseudoLocalize(masked.text), masked.restore, PLAIN);
      }),
    };
  },
};

/** The pseudo provider, answering after `delayMs` (or as soon as the caller aborts). */
export function slowPseudoProvider(delayMs: number): TranslationProvider {
  return {
    memoizable: false,
    async translate(input) {
      await setTimeout(delayMs, undefined, input.signal ? { signal: input.signal } : {});
      return pseudoProvider.translate(input);
    },
  };
}
