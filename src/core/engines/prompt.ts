import type { GlossaryItem } from "./glossary-item.js";
import { localeFit } from "./locale-match.js";
import type { ReferenceExample } from "./prompt-context.js";
import { pluralNotes, pluralRule } from "./prompt-plurals.js";

export interface PromptInput {
  sourceLocale: string;
  targetLocale: string;
  texts: readonly string[];
  hints: readonly (readonly string[] | undefined)[];
  glossary: readonly GlossaryItem[];
  instructions: readonly { targetLocale?: string | undefined; text: string }[];
  brandVoice: readonly { targetLocale?: string | undefined; text: string }[];
  /** Existing translations of the same project (from the request's `reference`), already bounded. */
  examples?: readonly ReferenceExample[] | undefined;
}

export interface Prompt {
  system: string;
  user: string;
}

/** JSON Schema of the answer every LLM provider must give. */
export const TRANSLATIONS_JSON_SCHEMA = {
  type: "object",
  properties: {
    translations: {
      type: "array",
      items: {
        type: "object",
        properties: { id: { type: "string" }, text: { type: "string" } },
        required: ["id", "text"],
        additionalProperties: false,
      },
    },
  },
  required: ["translations"],
  additionalProperties: false,
} as const;

const forTarget = (entries: PromptInput["instructions"], targetLocale: string) =>
  entries.filter((entry) => localeFit(entry.targetLocale, targetLocale) !== null).map((entry) => entry.text);

/** System and user messages for a chunk; ids are the string's position in the chunk. */
export function buildPrompt(input: PromptInput): Prompt {
  const rules = [
    `You are a professional software localizer. Translate every item's "text" from ${input.sourceLocale} to ${input.targetLocale}.`,
    "Keep placeholders exactly as written and as often as in the source: {name}, {{name}}, ${name}, %{name}, :name, %s, %1$d, %#@name@, identifiers such as CODE_PLACEHOLDER_1f_END, ICU syntax such as {count, plural, one {# item} other {# items}} (translate only the messages inside), HTML/XML tags and entities, markdown code spans and link targets.",
    "Keep exactly as written what a user types or a program reads: command-line options (--max-depth=0, -r), file paths (/usr/bin, ~/.config), URLs, e-mail addresses, environment variables ($HOME, %APPDATA%), code identifiers and types (size_t, user_id).",
    "Numbered printf placeholders (%1$s, %2$d) may be moved wherever the sentence needs them; keep each one's number and letters. Metavariables that only name a thing, such as <file>, FIRST_PAGE or a name inside usage brackets like [job_spec ...], may be translated the way translators do. Text between a backtick and an apostrophe, `like this', is quoted prose: translate it (you may use the target language's quotation marks).",
    "Plural and select messages arrive one branch at a time: {#} stands for the number, {#1}, {#2}… for parts translated separately; put them where the sentence needs them.",
    "Keep leading and trailing whitespace and markdown formatting. Do not add explanations.",
    'Answer with JSON only: {"translations":[{"id":"<id>","text":"<translation>"}]} with one entry per item and the same ids.',
  ];
  const glossary = input.glossary.map((item) =>
    item.type === "non_translatable"
      ? `- "${item.term}": never translate, keep exactly as written`
      : `- "${item.term}" → "${item.translation}" (always use this translation)`,
  );
  if (glossary.length > 0) rules.push(`Glossary:\n${glossary.join("\n")}`);
  const instructions = forTarget(input.instructions, input.targetLocale);
  if (instructions.length > 0) rules.push(`Instructions:\n${instructions.map((text) => `- ${text}`).join("\n")}`);
  const voice = forTarget(input.brandVoice, input.targetLocale);
  if (voice.length > 0) rules.push(`Brand voice:\n${voice.map((text) => `- ${text}`).join("\n")}`);
  const plurals = pluralNotes(input.texts, input.targetLocale);
  if (plurals.size > 0) rules.push(pluralRule(input.targetLocale, plurals));
  if (input.examples && input.examples.length > 0) {
    const lines = input.examples.map((example) => JSON.stringify([example.source, example.translation]));
    rules.push(
      `Existing translations in this project as [source, translation]; keep terminology, tone and formatting consistent with them:\n${lines.join("\n")}`,
    );
  }
  rules.push(
    'An item may have "context": where the string appears in the product (breadcrumbs); use it to choose words, never translate it.',
  );

  const items = input.texts.map((text, index) => {
    const hints = input.hints[index];
    const plural = plurals.get(text);
    return {
      id: String(index),
      text,
      ...(hints && hints.length > 0 ? { context: hints } : {}),
      ...(plural ? { plural } : {}),
    };
  });
  return {
    system: rules.join("\n\n"),
    user: JSON.stringify({ sourceLocale: input.sourceLocale, targetLocale: input.targetLocale, items }),
  };
}

/**
 * Reads the model's answer: JSON (optionally inside a ```json fence), one string per id.
 * Returns the texts in item order; a missing id yields undefined (validated per string later).
 * Throws when the answer is not the expected JSON at all.
 */
export function parseTranslations(content: string, count: number): (string | undefined)[] {
  const trimmed = content.trim();
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/.exec(trimmed);
  let body = fenced ? fenced[1]! : trimmed;
  if (!body.startsWith("{")) {
    // Some models wrap the JSON in a sentence; take the outermost object.
    const start = body.indexOf("{");
    const end = body.lastIndexOf("}");
    if (start >= 0 && end > start) body = body.slice(start, end + 1);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new Error("the model answered with something other than JSON");
  }
  const list = (parsed as { translations?: unknown } | null)?.translations;
  if (!Array.isArray(list)) throw new Error('the model answer has no "translations" array');
  const texts: (string | undefined)[] = new Array(count).fill(undefined);
  for (const entry of list) {
    const id = (entry as { id?: unknown } | null)?.id;
    const text = (entry as { text?: unknown } | null)?.text;
    const index = typeof id === "number" ? id : typeof id === "string" && /^\d+$/.test(id) ? Number(id) : -1;
    if (index >= 0 && index < count && typeof text === "string" && texts[index] === undefined) texts[index] = text;
  }
  return texts;
}
