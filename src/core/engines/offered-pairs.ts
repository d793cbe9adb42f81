import type { LocalePair, SupportedPairs } from "./supported-pairs.js";

/** What people try first when nothing else is known. */
const PREFERRED_SOURCES = ["en"];
const PREFERRED_TARGETS = ["de", "fr", "es"];
const COMMON_PAIRS: LocalePair[] = [
  { sourceLocale: "en", targetLocale: "de" },
  { sourceLocale: "en", targetLocale: "fr" },
  { sourceLocale: "en", targetLocale: "es" },
  { sourceLocale: "en", targetLocale: "ja" },
  { sourceLocale: "de", targetLocale: "en" },
];
/** Enough to choose from in a select, few enough to read. */
const MAX_OFFERED = 40;

const byPreference = (preferred: readonly string[]) => (a: string, b: string) => {
  const rank = (value: string) => {
    const index = preferred.findIndex((candidate) => value === candidate || value.startsWith(`${candidate}-`));
    return index === -1 ? preferred.length : index;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
};

const byPairPreference = (a: LocalePair, b: LocalePair) =>
  byPreference(PREFERRED_SOURCES)(a.sourceLocale, b.sourceLocale) ||
  byPreference(PREFERRED_TARGETS)(a.targetLocale, b.targetLocale);

/**
 * The locale pairs a "try it" form offers for an engine whose provider supports `supported`,
 * best first: the first one is the one to preselect, and it is always one the engine can do
 * (for an Apertium engine with only English↔Spanish installed: en→es, never en→de).
 */
export function offeredPairs(supported: SupportedPairs): LocalePair[] {
  switch (supported.kind) {
    case "any":
      return COMMON_PAIRS;
    case "pairs":
      return [...supported.pairs].sort(byPairPreference).slice(0, MAX_OFFERED);
    case "languages": {
      const pairs: LocalePair[] = [];
      for (const sourceLocale of [...supported.sourceLanguages].sort(byPreference(PREFERRED_SOURCES))) {
        for (const targetLocale of [...supported.targetLanguages].sort(byPreference(PREFERRED_TARGETS))) {
          if (sourceLocale !== targetLocale) pairs.push({ sourceLocale, targetLocale });
        }
      }
      return pairs.sort(byPairPreference).slice(0, MAX_OFFERED);
    }
  }
}
