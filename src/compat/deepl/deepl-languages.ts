import type { SupportedPairs } from "../../core/engines/supported-pairs.js";
import { deeplCodesOf, deeplLanguageName } from "./deepl-codes.js";

export interface DeeplLanguageEntry {
  language: string;
  name: string;
  supports_formality?: boolean;
}

/** The source or target locales an engine's provider declares; `any` stands for `anyLanguages`. */
function localesOf(supported: SupportedPairs, role: "source" | "target", anyLanguages: readonly string[]): string[] {
  switch (supported.kind) {
    case "any":
      return [...anyLanguages];
    case "languages":
      return [...(role === "source" ? supported.sourceLanguages : supported.targetLanguages)];
    case "pairs":
      return supported.pairs.map((pair) => (role === "source" ? pair.sourceLocale : pair.targetLocale));
  }
}

/**
 * `GET /v2/languages`: what the engine answering the call offers, in DeepL's codes and English
 * names. An engine that translates any pair (LLMs, pseudo) lists `anyLanguages` (DeepL's own
 * list), although it takes more. Targets carry `supports_formality`: true where the engine
 * follows the formality instruction (LLM engines).
 */
export function deeplLanguages(
  supported: SupportedPairs,
  role: "source" | "target",
  options: { anyLanguages: readonly string[]; formality: boolean },
): DeeplLanguageEntry[] {
  return deeplCodesOf(localesOf(supported, role, options.anyLanguages), role).map((language) => ({
    language,
    name: deeplLanguageName(language),
    ...(role === "target" ? { supports_formality: options.formality } : {}),
  }));
}
