/** What Glossa reports about a language it recognized in a text (`POST /process/recognize`). */
export interface LocaleDescription {
  locale: string;
  language: string;
  /** A text does not reveal its region; always null until a detector can tell. */
  region: string | null;
  script: string | null;
  direction: "ltr" | "rtl";
}

/** Scripts written right to left (ISO 15924 codes). */
const RTL_SCRIPTS = new Set(["Adlm", "Arab", "Hebr", "Mand", "Mend", "Nkoo", "Rohg", "Samr", "Syrc", "Thaa", "Yezi"]);

/** Scripts a few languages are written in besides their usual one (Serbian in Latin, Kurdish in Arabic …). */
const ALTERNATIVE_SCRIPTS: Record<string, RegExp> = {
  Latn: /\p{Script=Latin}/gu,
  Cyrl: /\p{Script=Cyrillic}/gu,
  Arab: /\p{Script=Arabic}/gu,
  Hebr: /\p{Script=Hebrew}/gu,
};

export function directionOfScript(script: string | null): "ltr" | "rtl" {
  return script !== null && RTL_SCRIPTS.has(script) ? "rtl" : "ltr";
}

/** The script among Latin, Cyrillic, Arabic and Hebrew with the most letters in `text`, if any. */
export function dominantAlternativeScript(text: string): string | null {
  let best: string | null = null;
  let bestCount = 0;
  for (const [script, pattern] of Object.entries(ALTERNATIVE_SCRIPTS)) {
    const count = text.match(pattern)?.length ?? 0;
    if (count > bestCount) {
      best = script;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Describes a recognized ISO 639-1 language: its likely script (CLDR likely subtags via
 * `Intl.Locale#maximize`, corrected by the text itself when the language is written in
 * several of Latin/Cyrillic/Arabic/Hebrew) and the writing direction of that script.
 */
export function describeLanguage(language: string, text: string): LocaleDescription {
  let script: string | null;
  try {
    script = new Intl.Locale(language).maximize().script ?? null;
  } catch {
    script = null;
  }
  if (script === null || Object.hasOwn(ALTERNATIVE_SCRIPTS, script)) {
    script = dominantAlternativeScript(text) ?? script;
  }
  return { locale: language, language, region: null, script, direction: directionOfScript(script) };
}
