import type { GlossaryItem } from "./glossary-item.js";

export interface TermHit {
  index: number;
  /** The text as it occurs (its spelling may differ from the term's when matching ignores case). */
  text: string;
  item: GlossaryItem;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

interface Alternation {
  pattern: RegExp;
  /** Term (lower-cased when matching ignores case) → the first item with it, longest terms first. */
  items: Map<string, GlossaryItem>;
  ignoreCase: boolean;
}

/** One whole-word alternation, longest term first, so that the longer of two overlapping terms wins. */
function alternation(items: readonly GlossaryItem[], ignoreCase: boolean): Alternation | null {
  const sorted = items.filter((item) => item.term.length > 0).sort((a, b) => b.term.length - a.term.length);
  if (sorted.length === 0) return null;
  const byTerm = new Map<string, GlossaryItem>();
  for (const item of sorted) {
    const key = ignoreCase ? item.term.toLowerCase() : item.term;
    if (!byTerm.has(key)) byTerm.set(key, item);
  }
  const terms = [...new Set(sorted.map((item) => item.term))].map(escapeRegExp).join("|");
  return {
    pattern: new RegExp(`(?<![\\p{L}\\p{N}])(?:${terms})(?![\\p{L}\\p{N}])`, ignoreCase ? "giu" : "gu"),
    items: byTerm,
    ignoreCase,
  };
}

function itemFor(alternation: Alternation, text: string): GlossaryItem {
  const found = alternation.items.get(alternation.ignoreCase ? text.toLowerCase() : text);
  if (found) return found;
  // Case folding and toLowerCase disagree on a few characters (the long s "ſ" folds to "s"): ask each term.
  const items = [...alternation.items.values()];
  return items.find((item) => new RegExp(`^${escapeRegExp(item.term)}$`, "iu").test(text)) ?? items[0]!;
}

type TermFinder = (text: string) => TermHit[];

const finders = new WeakMap<readonly GlossaryItem[], TermFinder>();

/**
 * Finds the glossary's terms in `text` in one left-to-right pass: leftmost match first, the
 * longer term when two start at the same place, never overlapping. The patterns (one for
 * case-sensitive items, one for the others) are compiled once per glossary array.
 */
export function findGlossaryTerms(glossary: readonly GlossaryItem[], text: string): TermHit[] {
  // Most engines have no glossary: nothing to compile (the array is new on every request).
  if (glossary.length === 0) return [];
  let finder = finders.get(glossary);
  if (!finder) {
    finder = compileFinder(glossary);
    finders.set(glossary, finder);
  }
  return finder(text);
}

function compileFinder(glossary: readonly GlossaryItem[]): TermFinder {
  const alternations = [
    alternation(
      glossary.filter((item) => item.caseSensitive),
      false,
    ),
    alternation(
      glossary.filter((item) => !item.caseSensitive),
      true,
    ),
  ].filter((entry): entry is Alternation => entry !== null);
  return (text) => {
    const next = (entry: Alternation, from: number) => {
      entry.pattern.lastIndex = from;
      return entry.pattern.exec(text);
    };
    const pending = alternations.map((entry) => ({ entry, match: next(entry, 0) }));
    const hits: TermHit[] = [];
    for (;;) {
      let best: (typeof pending)[number] | undefined;
      for (const candidate of pending) {
        const match = candidate.match;
        if (!match) continue;
        if (!best || match.index < best.match!.index) best = candidate;
        else if (match.index === best.match!.index && match[0].length > best.match![0].length) best = candidate;
      }
      if (!best) return hits;
      const match = best.match!;
      hits.push({ index: match.index, text: match[0], item: itemFor(best.entry, match[0]) });
      const end = match.index + match[0].length;
      for (const candidate of pending)
        if (candidate.match && candidate.match.index < end) candidate.match = next(candidate.entry, end);
    }
  };
}
