import { countOf, WORDS, type WordForms } from "../../format/plural";

/** "2 models · 1 glossary entry · 1 instruction" for the engine list; empty when there is nothing to count. */
export function configSummary(config: Record<string, unknown>): string {
  const count = (field: string) => (Array.isArray(config[field]) ? (config[field] as unknown[]).length : 0);
  const parts: [number, WordForms][] = [
    [count("models"), WORDS.model],
    [count("glossary"), WORDS.glossaryEntry],
    [count("instructions"), WORDS.instruction],
    [count("brandVoice"), WORDS.brandVoiceText],
  ];
  return parts
    .filter(([value]) => value > 0)
    .map(([value, forms]) => countOf(value, forms))
    .join(" · ");
}
