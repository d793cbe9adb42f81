import type { SupportedPairs } from "../../contract/providers.js";
/** Two locales: translate from one into the other. */
export interface LocalePair {
  sourceLocale: string;
  targetLocale: string;
}

/**
 * Which locale pairs a provider can translate, as far as it knows (the contract's
 * `SupportedPairs`). A listed locale or language also covers its more specific locales (`en`
 * covers `en-GB`).
 */
export type { SupportedPairs };

export const ANY_PAIR: SupportedPairs = { kind: "any" };
