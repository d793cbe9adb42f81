/**
 * Whether a locale names a language, script and region a maintained registry knows: CLDR, as
 * the runtime's ICU carries it (`Intl`), so the list moves with Node.js and nothing is copied here.
 * `english` and `xx-nope` are well-formed BCP-47 but name no language.
 */
export type LocaleCheck =
  | { ok: true; locale: string }
  | { ok: false; problem: "malformed" }
  | { ok: false; problem: "unknown_language" | "unknown_script" | "unknown_region"; subtag: string };

const MAX_LENGTH = 64;

/**
 * Android resource qualifiers (`en-rUS`, `sr-rLatn-RS`), which the Lingo.dev CLI accepts in its
 * configuration and sends as they are: the `r` marks the region (or script) subtag.
 */
const ANDROID_REGION = /^([A-Za-z]{2,3})-r((?:[A-Z]{2}|\d{3}|[A-Z][a-z]{3})(?:-|$))/;

/** RFC 5646 §2.2.1-§2.2.4 private-use ranges: valid everywhere, named by no registry. */
const PRIVATE_LANGUAGE = /^q[a-t][a-z]$/;
const PRIVATE_SCRIPT = /^Qa(?:a[a-z]|b[a-x])$/;
const PRIVATE_REGION = /^(?:AA|Q[M-Z]|X[A-Z]|ZZ)$/;

let names: { language: Intl.DisplayNames; script: Intl.DisplayNames; region: Intl.DisplayNames } | undefined;
function registry() {
  names ??= {
    language: new Intl.DisplayNames(["en"], { type: "language", fallback: "none" }),
    script: new Intl.DisplayNames(["en"], { type: "script", fallback: "none" }),
    region: new Intl.DisplayNames(["en"], { type: "region", fallback: "none" }),
  };
  return names;
}

const known = (names: Intl.DisplayNames, code: string): boolean => {
  try {
    return names.of(code) !== undefined;
  } catch {
    return false;
  }
};

/**
 * Normalises (`en_US` → `en-US`, `EN` → `en`, `zh_hant_tw` → `zh-Hant-TW`, `en-rUS` → `en-US`,
 * aliases such as `iw` → `he`) and checks every subtag against CLDR.
 */
export function checkLocale(input: string): LocaleCheck {
  const candidate = input.trim().replaceAll("_", "-").replace(ANDROID_REGION, "$1-$2");
  if (candidate.length === 0 || candidate.length > MAX_LENGTH) return { ok: false, problem: "malformed" };
  let canonical: string | undefined;
  let locale: Intl.Locale;
  try {
    [canonical] = Intl.getCanonicalLocales(candidate);
    if (canonical === undefined) return { ok: false, problem: "malformed" };
    locale = new Intl.Locale(canonical);
  } catch {
    return { ok: false, problem: "malformed" };
  }
  // ICU reads `und` (undetermined) as no language at all.
  const language = locale.language || "und";
  const { script, region } = locale;
  const registered = registry();
  if (!PRIVATE_LANGUAGE.test(language) && !known(registered.language, language))
    return { ok: false, problem: "unknown_language", subtag: language };
  if (script !== undefined && !PRIVATE_SCRIPT.test(script) && !known(registered.script, script))
    return { ok: false, problem: "unknown_script", subtag: script };
  if (region !== undefined && !PRIVATE_REGION.test(region) && !known(registered.region, region))
    return { ok: false, problem: "unknown_region", subtag: region };
  return { ok: true, locale: canonical };
}

/** What a caller reads next to the field: what is wrong and what would do. */
export function localeProblemHint(check: Exclude<LocaleCheck, { ok: true }>): string {
  const example = "a BCP-47 locale such as en or pt-BR";
  switch (check.problem) {
    case "malformed":
      return `must be ${example}`;
    case "unknown_language":
      return `"${check.subtag}" is not a language code CLDR knows (ISO 639, such as en or fil); must be ${example}`;
    case "unknown_script":
      return `"${check.subtag}" is not a script code CLDR knows (ISO 15924, such as Latn or Hant); must be ${example}`;
    case "unknown_region":
      return `"${check.subtag}" is not a region code CLDR knows (ISO 3166 or UN M49, such as BR or 419); must be ${example}`;
  }
}
