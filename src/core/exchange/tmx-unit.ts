import { normalizeLocale } from "../locale/normalize-locale.js";

/** One `<tuv>` as read: its language as written and the text of its `<seg>` (null: none). */
export interface TmxVariant {
  lang: string | null;
  text: string | null;
  /** The segment held inline code without its original text (`<ph/>`): the string cannot be rebuilt. */
  emptyCode: boolean;
  /** The segment was longer than MAX_SEGMENT_LENGTH and its text was not kept. */
  tooLong: boolean;
}

export interface TmxUnit {
  /** The `<tu>`'s own `srclang`, else the header's (`*all*`: any variant may be the source). */
  srclang: string | null;
  variants: TmxVariant[];
}

export interface MemoryPair {
  sourceLocale: string;
  targetLocale: string;
  sourceText: string;
  targetText: string;
}

export type SkipReason =
  | "no_source_language"
  | "invalid_language"
  | "no_source_segment"
  | "no_target_segment"
  | "empty_segment"
  | "segment_too_long"
  | "inline_code_without_text"
  | "same_language";

/** Longest segment text kept (characters); a longer one is skipped and counted. */
export const MAX_SEGMENT_LENGTH = 100_000;

/**
 * The translation-memory entries of one translation unit: the source variant (the language
 * `srclang` names; with `*all*` or none, the first variant) paired with every other variant.
 * Locales are normalised as the localization API normalises them, so that an entry answers the
 * calls that name the same pair. Returns the entries and, for each variant that gave none, why.
 */
export function memoryPairsOf(unit: TmxUnit): { pairs: MemoryPair[]; skipped: SkipReason[] } {
  const skipped: SkipReason[] = [];
  const variants = unit.variants.map((variant) => ({
    ...variant,
    locale: variant.lang === null ? null : normalizeLocale(variant.lang),
  }));
  const wanted = unit.srclang === null || unit.srclang === "*all*" ? null : normalizeLocale(unit.srclang);
  if (unit.srclang !== null && unit.srclang !== "*all*" && wanted === null)
    return { pairs: [], skipped: ["no_source_language"] };
  const source =
    wanted === null ? variants.find((variant) => variant.locale !== null) : variants.find((v) => v.locale === wanted);
  if (!source) return { pairs: [], skipped: [wanted === null ? "no_source_language" : "no_source_segment"] };
  const sourceProblem = problemOf(source, "no_source_segment");
  const targets = variants.filter((variant) => variant !== source);
  if (sourceProblem)
    return { pairs: [], skipped: targets.length > 0 ? targets.map(() => sourceProblem) : [sourceProblem] };
  if (targets.length === 0) return { pairs: [], skipped: ["no_target_segment"] };
  const pairs: MemoryPair[] = [];
  for (const target of targets) {
    const problem =
      target.locale === null
        ? "invalid_language"
        : target.locale === source.locale
          ? "same_language"
          : problemOf(target, "no_target_segment");
    if (problem) skipped.push(problem);
    else
      pairs.push({
        sourceLocale: source.locale!,
        targetLocale: target.locale!,
        sourceText: source.text!,
        targetText: target.text!,
      });
  }
  return { pairs, skipped };
}

function problemOf(variant: TmxVariant & { locale: string | null }, missing: SkipReason): SkipReason | null {
  if (variant.locale === null) return "invalid_language";
  if (variant.tooLong) return "segment_too_long";
  if (variant.text === null) return missing;
  if (variant.emptyCode) return "inline_code_without_text";
  if (variant.text.trim().length === 0) return "empty_segment";
  return null;
}
