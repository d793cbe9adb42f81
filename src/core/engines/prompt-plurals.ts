import { exampleNumbers, pluralLanguage, unitCategory, type PluralType } from "../content/plural-categories.js";

/** What an item of the prompt says about its plural form: the category and numbers that take it. */
export interface PluralNote {
  category: string;
  type: PluralType;
  numbers: readonly number[];
}

/**
 * The plural note of each text that stands for one plural category of the target (by text), for
 * the prompt (docs/engines.md#how-an-llm-is-asked).
 */
export function pluralNotes(texts: readonly string[], targetLocale: string): Map<string, PluralNote> {
  const notes = new Map<string, PluralNote>();
  for (const text of texts) {
    const unit = unitCategory(text);
    const language = unit && pluralLanguage(targetLocale, unit.type);
    if (unit && language) notes.set(text, { ...unit, numbers: exampleNumbers(language, unit.category) });
  }
  return notes;
}

/** The system prompt's rule for plural forms: the target's categories with numbers of each. */
export function pluralRule(targetLocale: string, notes: ReadonlyMap<string, PluralNote>): string {
  const types = new Set([...notes.values()].map((note) => note.type));
  const lines = [...types].map((type) => {
    const language = pluralLanguage(targetLocale, type)!;
    const categories = language.categories.map(
      (category) => `${category} (${exampleNumbers(language, category).join(", ")})`,
    );
    return `- ${type === "ordinal" ? "ordinal (1st, 2nd…)" : "cardinal"}: ${categories.join("; ")}`;
  });
  return [
    `Plural forms: ${targetLocale} has these plural categories, each with numbers that take it:`,
    ...lines,
    'An item with "plural" is one form of a plural message: {#one}, {#few}, {#many}… (or {#few:ordinal}) stands for a number of that category. Write the form of the text that such a number takes in the target language (agreeing nouns, verbs and adjectives with it), and keep the token where the number goes.',
    "An item starting with {plural:few} (or {ordinal:few}…) is such a form whose number is not written as a token (it may be another placeholder, or not written at all): write the form for a number of that category, and keep the tag at the start.",
  ].join("\n");
}
