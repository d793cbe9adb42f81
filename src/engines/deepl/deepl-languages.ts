import { normalizeLocale } from "../../core/locale/normalize-locale.js";

/** DeepL source languages are bare language codes. */
export function deeplSourceLang(locale: string): string {
  return (normalizeLocale(locale) ?? locale).split("-")[0]!.toUpperCase();
}

/**
 * The regions whose Spanish CLDR derives from Latin American Spanish (`es-419`, CLDR's
 * parentLocales): DeepL's `ES-419` serves them; every other Spanish is `ES`.
 */
const LATIN_AMERICAN_SPANISH = new Set(
  "419 AR BO BR BZ CL CO CR CU DO EC GT HN MX NI PA PE PR PY SV US UY VE".split(" "),
);

/**
 * DeepL target codes (DeepL's "Languages supported"): EN and PT need a variant, Chinese has
 * scripts, Spanish has Latin American Spanish (`ES-419`); others are bare.
 */
export function deeplTargetLang(locale: string): string {
  const [language = "", ...rest] = (normalizeLocale(locale) ?? locale).split("-");
  const lower = language.toLowerCase();
  const region = rest.find((part) => /^(?:[A-Z]{2}|\d{3})$/.test(part));
  const script = rest.find((part) => /^[A-Z][a-z]{3}$/.test(part));
  if (lower === "en")
    return region === "GB" || region === "AU" || region === "IE" || region === "NZ" ? "EN-GB" : "EN-US";
  if (lower === "pt") return region === "BR" ? "PT-BR" : "PT-PT";
  if (lower === "zh")
    return script === "Hant" || region === "TW" || region === "HK" || region === "MO" ? "ZH-HANT" : "ZH-HANS";
  if (lower === "es" && region !== undefined && LATIN_AMERICAN_SPANISH.has(region)) return "ES-419";
  return lower.toUpperCase();
}

/**
 * The languages DeepL translates from and into (developers.deepl.com, "Languages supported";
 * the same list both ways, every variant of a language included).
 */
export const DEEPL_LANGUAGES: readonly string[] =
  "ar bg cs da de el en es et fi fr he hu id it ja ko lt lv nb nl pl pt ro ru sk sl sv th tr uk vi zh".split(" ");
