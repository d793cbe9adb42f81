/** Two locales: translate from one into the other. */
export interface LocalePair {
  sourceLocale: string;
  targetLocale: string;
}

/**
 * Which locale pairs a provider can translate, as far as it knows. A listed locale or
 * language also covers its more specific locales (`en` covers `en-GB`).
 */
export type SupportedPairs =
  /** Any pair: the provider does not limit them (LLMs, pseudo). */
  | { kind: "any" }
  /** From any of `sourceLanguages` into any of `targetLanguages` (BCP-47 language subtags). */
  | { kind: "languages"; sourceLanguages: readonly string[]; targetLanguages: readonly string[] }
  /** Exactly these pairs. */
  | { kind: "pairs"; pairs: readonly LocalePair[] };

export const ANY_PAIR: SupportedPairs = { kind: "any" };
