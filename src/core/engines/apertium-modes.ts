import { normalizeLocale } from "../locale/normalize-locale.js";
import type { LocalePair } from "./supported-pairs.js";

/** ISO 639-1 → ISO 639-3 for the languages Apertium has pairs for. */
const ISO3: Record<string, string> = {
  af: "afr",
  an: "arg",
  ar: "ara",
  ast: "ast",
  be: "bel",
  bg: "bul",
  br: "bre",
  ca: "cat",
  cs: "ces",
  cy: "cym",
  da: "dan",
  de: "deu",
  el: "ell",
  en: "eng",
  eo: "epo",
  es: "spa",
  et: "est",
  eu: "eus",
  fa: "fas",
  fi: "fin",
  fo: "fao",
  fr: "fra",
  ga: "gle",
  gd: "gla",
  gl: "glg",
  he: "heb",
  hi: "hin",
  hr: "hrv",
  hu: "hun",
  id: "ind",
  is: "isl",
  it: "ita",
  kk: "kaz",
  ky: "kir",
  lt: "lit",
  lv: "lav",
  mk: "mkd",
  ms: "msa",
  mt: "mlt",
  nb: "nob",
  nl: "nld",
  nn: "nno",
  no: "nob",
  oc: "oci",
  pl: "pol",
  pt: "por",
  ro: "ron",
  ru: "rus",
  sc: "srd",
  se: "sme",
  sk: "slk",
  sl: "slv",
  sq: "sqi",
  sr: "srp",
  sv: "swe",
  tr: "tur",
  tt: "tat",
  uk: "ukr",
  ur: "urd",
  uz: "uzb",
};

function parts(locale: string): { codes: string[]; region: string | undefined } {
  const [language = "", ...rest] = (normalizeLocale(locale) ?? locale).split("-");
  const lower = language.toLowerCase();
  const region = rest.find((part) => /^[A-Z]{2}$|^\d{3}$/.test(part));
  const iso3 = ISO3[lower];
  return { codes: [...new Set([iso3 ?? lower, lower])], region };
}

/**
 * Apertium mode names to try for a locale pair, best first: a regional target variant
 * (`spa-eng_US` for en-US) before the plain pair (`spa-eng`).
 */
export function apertiumModeCandidates(sourceLocale: string, targetLocale: string): string[] {
  const source = parts(sourceLocale);
  const target = parts(targetLocale);
  const candidates: string[] = [];
  for (const from of source.codes) {
    for (const to of target.codes) {
      if (target.region) candidates.push(`${from}-${to}_${target.region}`);
      candidates.push(`${from}-${to}`);
    }
  }
  return candidates;
}

/** The first candidate mode that is installed, or null. */
export function pickApertiumMode(
  installed: readonly string[],
  sourceLocale: string,
  targetLocale: string,
): string | null {
  const available = new Set(installed);
  return apertiumModeCandidates(sourceLocale, targetLocale).find((mode) => available.has(mode)) ?? null;
}

/** ISO 639-3 → the ISO 639-1 code locales use (the first one, for `nob`: `nb`). */
const ISO1: Record<string, string> = {};
for (const [iso1, iso3] of Object.entries(ISO3)) ISO1[iso3] ??= iso1;

/**
 * The locale pair an installed mode serves (`spa-eng_US` → es → en-US), or null when no
 * locale pair picks it (`cat-spa_valencia` and other variants a model route must name).
 */
export function apertiumModePair(mode: string): LocalePair | null {
  const match = /^([a-z]{2,3})-([a-z]{2,3})(?:_([A-Z]{2}|\d{3}))?$/.exec(mode);
  if (!match) return null;
  const [, from = "", to = "", region] = match;
  const language = (code: string) => ISO1[code] ?? code;
  const pair = {
    sourceLocale: language(from),
    targetLocale: region ? `${language(to)}-${region}` : language(to),
  };
  return pickApertiumMode([mode], pair.sourceLocale, pair.targetLocale) === mode ? pair : null;
}
