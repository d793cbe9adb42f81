import { normalizeLocale } from "../locale/normalize-locale.js";

/** Characters of hints one string may bring into a prompt (the CLI sends whole source comments). */
export const HINT_BUDGET_CHARS = 1_000;
/** Characters of existing translations (`reference`) one prompt may carry as examples. */
export const REFERENCE_BUDGET_CHARS = 4_000;
/** A single example longer than this is not a useful example. */
const MAX_EXAMPLE_CHARS = 500;

const squeeze = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * A string's hints as they go into a prompt: whitespace collapsed, blank ones dropped, in
 * order until `budget` characters; the hint that crosses the budget is cut and ends with "…".
 */
export function trimHints(hints: readonly string[] | undefined, budget = HINT_BUDGET_CHARS): string[] | undefined {
  if (!hints) return undefined;
  const kept: string[] = [];
  let left = budget;
  for (const hint of hints) {
    if (left <= 1) break;
    const text = squeeze(hint);
    if (text === "") continue;
    if (text.length <= left) {
      kept.push(text);
      left -= text.length;
    } else {
      kept.push(`${text.slice(0, left - 1).trimEnd()}…`);
      left = 0;
    }
  }
  return kept.length > 0 ? kept : undefined;
}

export interface ReferenceExample {
  source: string;
  translation: string;
}

/** Flat `path → string` of a reference payload (the CLI sends flat keys; nested objects are walked). */
function flatStrings(value: unknown, prefix: string, into: Map<string, string>): void {
  if (typeof value === "string") {
    into.set(prefix, value);
  } else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) flatStrings(child, prefix ? `${prefix}/${key}` : key, into);
  }
}

function payloadFor(reference: Record<string, unknown>, locale: string): Map<string, string> {
  const strings = new Map<string, string>();
  for (const [key, payload] of Object.entries(reference)) {
    if (normalizeLocale(key)?.toLowerCase() === locale.toLowerCase()) flatStrings(payload, "", strings);
  }
  return strings;
}

const sharedPrefix = (a: string, b: string) => {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index++;
  return index;
};

/**
 * Existing translations from a request's `reference` (`{ <locale>: { <key>: <string> } }`, as the
 * Lingo.dev CLI sends the whole source and target files) as source → translation pairs for an LLM
 * prompt, so a changed string stays consistent with the rest of the file. Keys being translated
 * now are left out; keys that share the longest path prefix with them come first; at most
 * `budget` characters in all.
 */
export function referenceExamples(
  reference: Record<string, unknown> | undefined,
  sourceLocale: string,
  targetLocale: string,
  requestKeys: readonly string[],
  budget = REFERENCE_BUDGET_CHARS,
): ReferenceExample[] {
  if (!reference || typeof reference !== "object") return [];
  const sources = payloadFor(reference, sourceLocale);
  const translations = payloadFor(reference, targetLocale);
  if (sources.size === 0 || translations.size === 0) return [];
  const translating = new Set(requestKeys);
  // Closeness is measured against a few of the keys: a request may have thousands.
  const near = requestKeys.slice(0, 50);
  const candidates: { key: string; closeness: number; order: number; example: ReferenceExample }[] = [];
  let order = 0;
  for (const [key, translation] of translations) {
    const source = sources.get(key);
    order++;
    if (source === undefined || translating.has(key)) continue;
    if (squeeze(source) === "" || squeeze(translation) === "") continue;
    if (source.length > MAX_EXAMPLE_CHARS || translation.length > MAX_EXAMPLE_CHARS) continue;
    const closeness = Math.max(0, ...near.map((wanted) => sharedPrefix(wanted, key)));
    candidates.push({ key, closeness, order, example: { source, translation } });
  }
  candidates.sort((a, b) => b.closeness - a.closeness || a.order - b.order);
  const examples: ReferenceExample[] = [];
  let left = budget;
  for (const candidate of candidates) {
    const size = candidate.example.source.length + candidate.example.translation.length;
    if (size > left) continue;
    examples.push(candidate.example);
    left -= size;
  }
  return examples;
}
