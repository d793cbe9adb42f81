import type { SupportedPairs } from "../../contract/providers.js";
import { checkedLocale } from "../../core/locale/normalize-locale.js";

/** One entry of LibreTranslate's `GET /languages`. */
export interface LibreLanguage {
  code: string;
  name: string;
  targets: string[];
}

/**
 * The languages listed for a provider that takes any pair (the LLMs, pseudo): LibreTranslate's
 * own set, so that its clients find the codes they know. `zh` is listed beside `zh-Hans` and
 * `zh-Hant` because older LibreTranslate servers (and Weblate's and Discourse's mappings) say `zh`.
 */
export const LIBRE_COMMON_LANGUAGES: readonly string[] = [
  "ar",
  "az",
  "bg",
  "bn",
  "ca",
  "cs",
  "da",
  "de",
  "el",
  "en",
  "eo",
  "es",
  "et",
  "eu",
  "fa",
  "fi",
  "fr",
  "ga",
  "gl",
  "he",
  "hi",
  "hu",
  "id",
  "it",
  "ja",
  "ko",
  "ky",
  "lt",
  "lv",
  "ms",
  "nb",
  "nl",
  "pl",
  "pt",
  "pt-BR",
  "ro",
  "ru",
  "sk",
  "sl",
  "sq",
  "sr",
  "sv",
  "th",
  "tr",
  "uk",
  "ur",
  "vi",
  "zh",
  "zh-Hans",
  "zh-Hant",
];

/** LibreTranslate's legacy model codes and what they mean (its `language.py` aliases). */
const LIBRE_ALIASES: Readonly<Record<string, string>> = { zh: "zh-Hans", zt: "zh-Hant", pb: "pt-BR" };

export type LibreCode = { ok: true; locale: string } | { ok: false };

/**
 * A LibreTranslate language code as a Glossa locale: its aliases (`zh` is Simplified Chinese,
 * `zt` Traditional, `pb` Brazilian Portuguese), then any BCP-47 tag of a language CLDR knows,
 * in any case (`pt-br`, `PT_BR`). `auto` is not a locale: the caller handles it first.
 */
export function localeOfLibreCode(code: string): LibreCode {
  const alias = LIBRE_ALIASES[code.toLowerCase()];
  if (alias) return { ok: true, locale: alias };
  const checked = checkedLocale(code);
  return checked.ok ? { ok: true, locale: checked.locale } : { ok: false };
}

const displayNames = new Intl.DisplayNames(["en"], { type: "language", fallback: "code" });

/** The English name of a language code, as LibreTranslate lists it ("German", "Simplified Chinese"). */
export function languageName(code: string): string {
  if (code === "zh") return "Chinese";
  try {
    return displayNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** source → its targets, for one provider's pairs. */
function targetsBySource(supported: SupportedPairs): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  const add = (source: string, target: string) => {
    if (!map.has(source)) map.set(source, new Set());
    if (target !== source) map.get(source)!.add(target);
  };
  switch (supported.kind) {
    case "any":
      for (const source of LIBRE_COMMON_LANGUAGES) for (const target of LIBRE_COMMON_LANGUAGES) add(source, target);
      break;
    case "languages":
      for (const source of supported.sourceLanguages)
        for (const target of supported.targetLanguages) add(source, target);
      // A target-only language is still listed (with no targets), as LibreTranslate lists every language it has.
      for (const target of supported.targetLanguages) if (!map.has(target)) map.set(target, new Set());
      break;
    case "pairs":
      for (const pair of supported.pairs) {
        add(pair.sourceLocale, pair.targetLocale);
        if (!map.has(pair.targetLocale)) map.set(pair.targetLocale, new Set());
      }
      break;
  }
  return map;
}

/**
 * LibreTranslate's `GET /languages` for what one or several providers can translate: every
 * language any of them knows, with the targets any of them reaches from it, sorted by code.
 */
export function libreLanguageList(supported: readonly SupportedPairs[]): LibreLanguage[] {
  const merged = new Map<string, Set<string>>();
  for (const pairs of supported) {
    for (const [source, targets] of targetsBySource(pairs)) {
      const known = merged.get(source) ?? new Set<string>();
      for (const target of targets) known.add(target);
      merged.set(source, known);
    }
  }
  return [...merged.keys()]
    .sort((a, b) => a.localeCompare(b))
    .map((code) => ({
      code,
      name: languageName(code),
      targets: [...merged.get(code)!].sort((a, b) => a.localeCompare(b)),
    }));
}
