import { setTimeout } from "node:timers/promises";
import { unitCategory } from "../../core/content/plural-categories.js";
import { pseudoLocalize as pseudoText } from "../../core/content/pseudo-localize.js";
import { mask, unmask } from "../../core/engines/markers.js";
import type { TranslationProvider } from "../provider.js";

const PLAIN = { xml: false };

/**
 * Pseudo text; a plural form written for one category says which (`[{#few} ƒíļéš ~~ ‹few›]`), so a
 * tester sees which form the product picked for a number.
 */
function pseudoLocalize(text: string): string {
  const output = pseudoText(text);
  const unit = unitCategory(text);
  const close = unit ? output.lastIndexOf("]") : -1;
  return close < 0 ? output : `${output.slice(0, close)} ‹${unit!.category}›${output.slice(close)}`;
}

/**
 * Deterministic pseudo-localization: no model, no tokens; for tests and UI previews.
 * Glossary terms are honoured like on every provider: kept, or replaced by their translation.
 */
export const pseudoProvider: TranslationProvider = {
  memoizable: false,
  cancellable: false,
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
