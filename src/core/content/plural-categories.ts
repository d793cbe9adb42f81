/**
 * A language's CLDR plural categories and numbers of each, from `Intl.PluralRules`
 * (docs/engines.md#plural-categories-the-targets). Pure and memoized: the rules of a locale
 * never change within a process.
 */

export type PluralType = "cardinal" | "ordinal";

/** CLDR's order of the categories, used for the branches a target gets. */
const CLDR_ORDER = ["zero", "one", "two", "few", "many", "other"] as const;

/** Integers searched for numbers of a category: every CLDR rule repeats within the first thousand, or by the million. */
const INTEGERS = [...Array.from({ length: 1001 }, (_, n) => n), 1_000_000, 2_000_000];
/** Tried for categories that no integer selects (Polish and Russian `other` are fractions). */
const FRACTIONS = [1.5, 0.5, 2.5, 0.1, 1.2];

export interface PluralLanguage {
  /** The categories in CLDR order. */
  categories: readonly string[];
  /** Numbers of each category: integers in increasing order, else fractions. */
  numbers: ReadonlyMap<string, readonly number[]>;
  /** A few numbers of each category that show what it covers, for an LLM's prompt. */
  examples: ReadonlyMap<string, readonly number[]>;
  select(n: number): string;
}

const cache = new Map<string, PluralLanguage | null>();

/** The plural rules of `locale`, or null when the runtime has no rules for its language. */
export function pluralLanguage(locale: string, type: PluralType): PluralLanguage | null {
  const key = `${type}\u0000${locale}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const language = rulesOf(locale, type);
  if (cache.size > 1000) cache.clear();
  cache.set(key, language);
  return language;
}

function rulesOf(locale: string, type: PluralType): PluralLanguage | null {
  let rules: Intl.PluralRules;
  try {
    if (Intl.PluralRules.supportedLocalesOf(locale).length === 0) return null;
    rules = new Intl.PluralRules(locale, { type });
  } catch {
    return null;
  }
  const found = new Set(rules.resolvedOptions().pluralCategories);
  const categories = CLDR_ORDER.filter((category) => found.has(category));
  const numbers = new Map<string, number[]>(categories.map((category) => [category, []]));
  for (const n of INTEGERS) numbers.get(rules.select(n))?.push(n);
  for (const [category, list] of numbers)
    if (list.length === 0) list.push(...FRACTIONS.filter((n) => rules.select(n) === category));
  const examples = new Map(categories.map((category) => [category, examplesOf(numbers.get(category)!)]));
  return { categories, numbers, examples, select: (n) => rules.select(n) };
}

/** A few numbers that show what a category covers (Polish `few`: 2, 3, 22, 102), for an LLM's prompt. */
export function exampleNumbers(language: PluralLanguage, category: string): readonly number[] {
  return language.examples.get(category) ?? [];
}

function examplesOf(numbers: readonly number[]): number[] {
  if (!numbers.some(Number.isInteger)) return numbers.slice(0, 3).sort((a, b) => a - b);
  const picks = [
    ...numbers.filter((n) => n >= 1).slice(0, 2),
    numbers.find((n) => n >= 20),
    numbers.find((n) => n >= 100),
    numbers.find((n) => n === 0),
  ];
  const chosen = [...new Set(picks.filter((n): n is number => n !== undefined))].slice(0, 4);
  return chosen.length > 0 ? chosen.sort((a, b) => a - b) : numbers.slice(0, 4);
}

/** One target branch of a plural: which source branch it is translated from, and a number of its category. */
export interface PluralBranchPlan {
  /** The target's key: an explicit `=N` of the source, or one of the target's categories. */
  key: string;
  /** The source key whose text is translated for it. */
  from: string;
  /**
   * Numbers of the category for engines that translate sentences, the best first (absent for `=N`
   * branches): at least 1 and said the same way by the source branch's own language, then the rest.
   */
  numbers?: readonly number[];
}

/**
 * The branches a target gets for a plural/selectordinal with the source keys `sourceKeys`: the
 * source's explicit `=N` branches as they are, then each target category (CLDR order). A category
 * the source has is translated from that branch; another from the source branch its numbers fall
 * into most often under the source's rules (Polish `few` ← English `other`), else `other`. A
 * source branch that does not write the number (`one {One file}`) serves only a category whose
 * numbers it covers: Russian `one` (1, 21, 31…) is written from a branch with `#`.
 * Null when either language has no rules here: the target then keeps the source's keys.
 */
export function planPluralBranches(
  sourceKeys: readonly string[],
  sourceLocale: string,
  targetLocale: string,
  type: PluralType,
  writesNumber: (key: string) => boolean = () => true,
): readonly PluralBranchPlan[] | null {
  // Every plural of every request asks this: the answer depends only on these facts, so it is kept.
  const key = [type, sourceLocale, targetLocale, ...sourceKeys.map((k) => `${k}${writesNumber(k) ? "#" : ""}`)].join(
    "\u0000",
  );
  const known = plans.get(key);
  if (known !== undefined) return known;
  const plan = planOf(sourceKeys, sourceLocale, targetLocale, type, writesNumber);
  if (plans.size > 1000) plans.clear();
  plans.set(key, plan);
  return plan;
}

const plans = new Map<string, readonly PluralBranchPlan[] | null>();

function planOf(
  sourceKeys: readonly string[],
  sourceLocale: string,
  targetLocale: string,
  type: PluralType,
  writesNumber: (key: string) => boolean,
): PluralBranchPlan[] | null {
  const target = pluralLanguage(targetLocale, type);
  const source = pluralLanguage(sourceLocale, type);
  if (!target || !source) return null;
  const keys = new Set(sourceKeys);
  const fallback = keys.has("other") ? "other" : sourceKeys[sourceKeys.length - 1];
  if (fallback === undefined) return null;
  const explicit = sourceKeys.filter((key) => key.startsWith("=")).map((key) => ({ key, from: key }));
  const categories = target.categories.map((category): PluralBranchPlan => {
    const numbers = target.numbers.get(category) ?? [];
    const covers = (key: string) => writesNumber(key) || numbers.every((n) => source.select(n) === key);
    const chosen = keys.has(category) ? category : (mostFrequentSourceKey(numbers, source, keys) ?? fallback);
    const from = covers(chosen) ? chosen : ([fallback, ...sourceKeys].find((key) => writesNumber(key)) ?? chosen);
    return { key: category, from, numbers: byPreference(numbers, (n) => source.select(n) === from) };
  });
  return [...explicit, ...categories];
}

function mostFrequentSourceKey(
  numbers: readonly number[],
  source: PluralLanguage,
  keys: ReadonlySet<string>,
): string | undefined {
  const counts = new Map<string, number>();
  for (const n of numbers.slice(0, 20)) {
    const key = source.select(n);
    if (keys.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let best: string | undefined;
  for (const [key, count] of counts) if (best === undefined || count > counts.get(best)!) best = key;
  return best;
}

function byPreference(numbers: readonly number[], agrees: (n: number) => boolean): number[] {
  const rank = (n: number) => (agrees(n) ? 0 : 2) + (n >= 1 ? 0 : 1);
  return numbers
    .map((n, index) => ({ n, rank: rank(n), index }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.n);
}

/** How a unit written for one category by name holds its number: `{#few}`, `{#few:ordinal}`. */
export const categoryToken = (category: string, type: PluralType): string =>
  `{#${category}${type === "ordinal" ? ":ordinal" : ""}}`;

/**
 * How a unit written for one category by name is tagged when its branch does not write the number
 * (`One file`, `option '-%s' is ignored`): `{plural:few}`, `{ordinal:few}` before its text.
 */
export const formTag = (category: string, type: PluralType): string =>
  `{${type === "ordinal" ? "ordinal" : "plural"}:${category}}`;

const CATEGORY_TOKEN =
  /\{#(zero|one|two|few|many|other)(:ordinal)?\}|\{(plural|ordinal):(zero|one|two|few|many|other)\}/;

/** The category a unit is written for, when it holds a category token or a form tag. */
export function unitCategory(text: string): { category: string; type: PluralType } | null {
  if (!text.includes("{")) return null;
  const match = CATEGORY_TOKEN.exec(text);
  if (!match) return null;
  if (match[1]) return { category: match[1], type: match[2] ? "ordinal" : "cardinal" };
  return { category: match[4]!, type: match[3] === "ordinal" ? "ordinal" : "cardinal" };
}
