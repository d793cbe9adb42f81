import { createHash } from "node:crypto";
import type { GlossaryItem } from "./glossary-item.js";

/**
 * Languages DeepL accepts in glossaries (any two of them form a pair), from DeepL's
 * "Languages supported" reference and the glossary languages its mock server enforces. A pair DeepL refuses anyway (the list may lag behind
 * DeepL) only costs one failed creation, after which the markers take over.
 */
const GLOSSARY_LANGUAGES = new Set([
  "AR",
  "BG",
  "CS",
  "DA",
  "DE",
  "EL",
  "EN",
  "ES",
  "ET",
  "FI",
  "FR",
  "HE",
  "HU",
  "ID",
  "IT",
  "JA",
  "KO",
  "LT",
  "LV",
  "NB",
  "NL",
  "PL",
  "PT",
  "RO",
  "RU",
  "SK",
  "SL",
  "SV",
  "TR",
  "UK",
  "VI",
  "ZH",
]);

/** Glossary languages are bare codes: `EN-US` → `EN`, `ZH-HANT` → `ZH`. */
export function glossaryLanguage(deeplCode: string): string {
  return deeplCode.split("-")[0]!.toUpperCase();
}

/** On the wire, glossary languages are lowercase (`en`), as DeepL's OpenAPI spec lists them and its client libraries send them. */
export function glossaryWireLanguage(deeplCode: string): string {
  return glossaryLanguage(deeplCode).toLowerCase();
}

export function supportsGlossaryPair(sourceLang: string, targetLang: string): boolean {
  const source = glossaryLanguage(sourceLang);
  const target = glossaryLanguage(targetLang);
  return source !== target && GLOSSARY_LANGUAGES.has(source) && GLOSSARY_LANGUAGES.has(target);
}

export type CustomTranslation = Extract<GlossaryItem, { type: "custom_translation" }>;

/** DeepL refuses empty terms, control characters (tabs, newlines), surrounding whitespace and more than 1024 UTF-8 bytes. */
function isGlossaryText(text: string): boolean {
  return (
    text.length > 0 &&
    text === text.trim() &&
    !/[\p{Cc}\u2028\u2029]/u.test(text) &&
    Buffer.byteLength(text, "utf8") <= 1024
  );
}

/**
 * The custom translations DeepL's glossary can carry: valid texts, one entry per term (DeepL
 * rejects duplicate sources; the first item wins, the others stay with the markers).
 * Sorted, so that the same set gives the same TSV whatever the configured order.
 */
export function glossaryEntries(items: readonly GlossaryItem[]): CustomTranslation[] {
  const byTerm = new Map<string, CustomTranslation>();
  for (const item of items) {
    if (item.type !== "custom_translation" || !isGlossaryText(item.term) || !isGlossaryText(item.translation)) continue;
    if (!byTerm.has(item.term)) byTerm.set(item.term, item);
  }
  return [...byTerm.values()].sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
}

/** DeepL's `entries_format: "tsv"`: one `term<TAB>translation` line per entry. */
export function glossaryTsv(entries: readonly CustomTranslation[]): string {
  return entries.map((entry) => `${entry.term}\t${entry.translation}`).join("\n");
}

/** DeepL glossaries are immutable: any change of engine, pair or entries is another glossary. */
export function glossaryHash(engineId: string, sourceLang: string, targetLang: string, tsv: string): string {
  return createHash("sha256")
    .update(JSON.stringify([engineId, glossaryLanguage(sourceLang), glossaryLanguage(targetLang), tsv]))
    .digest("hex");
}
