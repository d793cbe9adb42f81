import type { GlossaryItem } from "../engines/glossary-item.js";
import { normalizeLocale } from "../locale/normalize-locale.js";

/** One term of a concept as read, with what TBX says about its use. */
export interface TbxTerm {
  text: string;
  /** `administrativeStatus` (or TBX 2's `normativeAuthorization`), as written. */
  status: string | null;
  /** A note on the term or concept says not to translate it ("Do not translate."). */
  doNotTranslate: boolean;
  /** A note says the term is case-sensitive (what Glossa writes for `caseSensitive`). */
  caseSensitive: boolean;
}

export interface TbxConcept {
  languages: { lang: string; terms: TbxTerm[] }[];
  /** A concept-level note says not to translate its terms. */
  doNotTranslate: boolean;
}

export type ConceptSkip = "no_source_term" | "no_translation" | "invalid_language" | "term_too_long";

/** Longest term the glossary accepts (the engine configuration's limit). */
export const MAX_TERM_LENGTH = 200;
/** `und` ("undetermined") stands for an item without a locale. */
const ANY_LOCALE = "und";

/** Forbidden and outdated terms: never used as a translation ("forbidden terms as the standard marks them"). */
const FORBIDDEN = /^(?:deprecated|superseded|forbidden|notRecommended)/i;
const PREFERRED = /^(?:preferred|standardized|regulated|legal)/i;
export const DO_NOT_TRANSLATE =
  /\b(?:do not translate|don'?t translate|untranslatable|non[- ]?translatable|not to be translated)\b/i;
export const CASE_SENSITIVE = /\bcase[- ]sensitive\b/i;

const isForbidden = (term: TbxTerm) => term.status !== null && FORBIDDEN.test(term.status);

/** The term to use of a language: preferred first, else the first allowed; forbidden ones never. */
function usableTerm(terms: readonly TbxTerm[]): TbxTerm | null {
  const allowed = terms.filter((term) => !isForbidden(term) && term.text.trim().length > 0);
  return allowed.find((term) => term.status !== null && PREFERRED.test(term.status)) ?? allowed[0] ?? null;
}

const localeOf = (lang: string): string | null | undefined =>
  lang.toLowerCase() === ANY_LOCALE ? undefined : normalizeLocale(lang);

/**
 * The glossary items of one TBX concept entry. The source is the language `sourceLocale`
 * names (same tag, else same primary language), else the concept's first language; its
 * preferred (else first allowed) term is the item's term. A concept or source term marked "do
 * not translate" becomes one `non_translatable` item; otherwise each other language gives a
 * `custom_translation` (or `non_translatable` when its term is the source term unchanged).
 * Deprecated, superseded and forbidden terms are never used; `und` means any locale.
 */
export function glossaryItemsOf(
  concept: TbxConcept,
  sourceLocale: string | null,
): { items: GlossaryItem[]; skipped: ConceptSkip[]; forbiddenTerms: number } {
  const forbiddenTerms = concept.languages.reduce(
    (sum, language) => sum + language.terms.filter(isForbidden).length,
    0,
  );
  const read = concept.languages.map((language) => ({ ...language, locale: localeOf(language.lang) }));
  if (read.some((language) => language.locale === null))
    return { items: [], skipped: ["invalid_language"], forbiddenTerms };
  const languages = read as (TbxConcept["languages"][number] & { locale: string | undefined })[];
  const wanted = sourceLocale === null ? null : normalizeLocale(sourceLocale);
  const primary = (locale: string | null | undefined) => locale?.split("-")[0];
  const source =
    wanted === null
      ? languages[0]
      : (languages.find((language) => language.locale === wanted) ??
        languages.find((language) => primary(language.locale) === primary(wanted)));
  const sourceTerm = source ? usableTerm(source.terms) : null;
  if (!source || !sourceTerm) return { items: [], skipped: ["no_source_term"], forbiddenTerms };
  if (sourceTerm.text.length > MAX_TERM_LENGTH) return { items: [], skipped: ["term_too_long"], forbiddenTerms };
  const scope = (locale: string | undefined) => (locale === undefined ? {} : { sourceLocale: locale });
  const caseSensitive = sourceTerm.caseSensitive ? { caseSensitive: true } : {};
  if (concept.doNotTranslate || sourceTerm.doNotTranslate) {
    // Kept as it is: for the languages that list it unchanged, else for every target.
    const keptIn = languages.filter(
      (language) => language !== source && usableTerm(language.terms)?.text === sourceTerm.text,
    );
    const targets = keptIn.length > 0 ? keptIn.map((language) => language.locale) : [undefined];
    return {
      items: targets.map((targetLocale) => ({
        type: "non_translatable" as const,
        term: sourceTerm.text,
        ...scope(source.locale),
        ...(targetLocale === undefined ? {} : { targetLocale }),
        ...caseSensitive,
      })),
      skipped: [],
      forbiddenTerms,
    };
  }
  const items: GlossaryItem[] = [];
  const skipped: ConceptSkip[] = [];
  for (const language of languages) {
    if (language === source) continue;
    const target = usableTerm(language.terms);
    if (!target) continue;
    if (target.text.length > MAX_TERM_LENGTH) {
      skipped.push("term_too_long");
      continue;
    }
    const locales = {
      ...scope(source.locale),
      ...(language.locale === undefined ? {} : { targetLocale: language.locale }),
    };
    items.push(
      target.text === sourceTerm.text
        ? { type: "non_translatable", term: sourceTerm.text, ...locales, ...caseSensitive }
        : { type: "custom_translation", term: sourceTerm.text, translation: target.text, ...locales, ...caseSensitive },
    );
  }
  if (items.length === 0 && skipped.length === 0) skipped.push("no_translation");
  return { items, skipped, forbiddenTerms };
}

/** Items name the same rule when they have the same term, locales and case rule: an imported one replaces the other. */
export const glossaryItemKey = (item: GlossaryItem): string =>
  JSON.stringify([
    item.caseSensitive ? item.term : item.term.toLowerCase(),
    item.sourceLocale ?? "*",
    item.targetLocale ?? "*",
    item.caseSensitive ?? false,
  ]);

/** The glossary after an import: `merge` keeps existing items the file does not replace. */
export function mergeGlossary(
  existing: readonly GlossaryItem[],
  imported: readonly GlossaryItem[],
  mode: "merge" | "replace",
  capacity: number,
): { glossary: GlossaryItem[]; imported: number; overCapacity: number } {
  const merged = new Map<string, GlossaryItem>();
  if (mode === "merge") for (const item of existing) merged.set(glossaryItemKey(item), item);
  let overCapacity = 0;
  let added = 0;
  for (const item of imported) {
    const key = glossaryItemKey(item);
    if (!merged.has(key) && merged.size >= capacity) {
      overCapacity++;
      continue;
    }
    merged.set(key, item);
    added++;
  }
  return { glossary: [...merged.values()], imported: added, overCapacity };
}
