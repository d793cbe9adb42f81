import { checkedLocale } from "../../core/locale/normalize-locale.js";

/** DeepL's target variants and the Glossa locale each one means. */
const TARGET_VARIANTS: Readonly<Record<string, string>> = {
  "EN-GB": "en-GB",
  "EN-US": "en-US",
  "PT-BR": "pt-BR",
  "PT-PT": "pt-PT",
  "ZH-HANS": "zh-Hans",
  "ZH-HANT": "zh-Hant",
  "ES-419": "es-419",
};

export type DeeplCodeResult = { ok: true; locale: string } | { ok: false; message: string };

/**
 * A DeepL language code (`DE`, `EN-GB`, `ZH-HANS`, any case) as a Glossa locale. DeepL's bare
 * codes are languages; its variants map to the locale they mean. `EN` and `PT` as targets (which
 * DeepL deprecates) are accepted as the plain language: the engine picks its default variant.
 * Any other well-formed BCP-47 tag known to CLDR is accepted too (`de-CH`), since Glossa's
 * engines are not limited to DeepL's list; whether the engine can translate it is the engine's to
 * answer. Source codes follow the same rules.
 */
export function localeOfDeeplCode(code: string, field: "source_lang" | "target_lang"): DeeplCodeResult {
  const trimmed = code.trim();
  const variant = TARGET_VARIANTS[trimmed.toUpperCase()];
  if (variant) return { ok: true, locale: variant };
  const checked = checkedLocale(trimmed);
  if (!checked.ok) return { ok: false, message: `Value for '${field}' not supported.` };
  return { ok: true, locale: checked.locale };
}

/** The DeepL code of a detected or given source locale: its language, upper case (`en-GB` → `EN`). */
export function deeplSourceCode(locale: string): string {
  return locale.split("-")[0]!.toUpperCase();
}

/**
 * The DeepL codes a list of Glossa locales or languages offers, DeepL style: as sources bare
 * languages; as targets English and Portuguese as their variants (DeepL lists `EN-GB`/`EN-US`,
 * `PT-BR`/`PT-PT`, never `EN`/`PT`), Chinese as `ZH` plus its scripts, other locales upper case.
 */
export function deeplCodesOf(locales: readonly string[], role: "source" | "target"): string[] {
  const codes = new Set<string>();
  for (const locale of locales) {
    const language = locale.split("-")[0]!.toLowerCase();
    if (role === "source") codes.add(language.toUpperCase());
    else if (language === "en") ["EN-GB", "EN-US"].forEach((code) => codes.add(code));
    else if (language === "pt") ["PT-BR", "PT-PT"].forEach((code) => codes.add(code));
    else if (language === "zh") ["ZH", "ZH-HANS", "ZH-HANT"].forEach((code) => codes.add(code));
    else codes.add(locale.toUpperCase());
  }
  return [...codes].sort();
}

const NAMES = new Intl.DisplayNames(["en"], { type: "language", fallback: "code" });

/** The English name of a DeepL code (`EN-GB` → "English (United Kingdom)"). */
export function deeplLanguageName(code: string): string {
  const locale = TARGET_VARIANTS[code] ?? code.toLowerCase();
  try {
    return NAMES.of(locale) ?? code;
  } catch {
    return code;
  }
}
