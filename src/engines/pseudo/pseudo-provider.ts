import { pseudoLocalize } from "../../core/content/pseudo-localize.js";
import type { TranslationProvider } from "../provider.js";

/** Deterministic pseudo-localization: no model, no tokens; for tests and UI previews. */
export const pseudoProvider: TranslationProvider = {
  memoizable: false,
  async translate(input) {
    return { texts: input.texts.map(pseudoLocalize) };
  },
};
