import { scanPlaceholders } from "../content/flat-placeholders.js";
import { printfArgumentShape } from "../content/printf-order.js";
import { categoryToken, planPluralBranches, pluralLanguage, unitCategory } from "../content/plural-categories.js";
import { MAX_ICU_CHARS, parseIcuChoices, writesPound, type IcuChoice, type IcuPart } from "../content/icu-message.js";
import { splitProtected, type Segment } from "../content/protected-segments.js";
import { isBareElementTag, mustComeBack, unquotedCodeTokens } from "./error-tokens.js";
import { glossaryViolations } from "./glossary.js";
import type { GlossaryItem } from "./glossary-item.js";

function multiset(tokens: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}

function sameInOrder(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The tokens of a text: every one, and the strict ones. A soft token (a metavariable such as
 * `<file>`) may be translated, so it is never missed; but a strict token of the source still
 * counts as kept when the output has it in a place that makes it soft (pseudo-localization wraps
 * the whole string in `[…]`, which reads as usage brackets), and an output's soft token is never
 * invented.
 */
interface Tokens {
  all: string[];
  strict: string[];
}

/** `output`: the whole answer, where a code span of the source may come back in quotes (error-tokens.ts). */
function multisetProblems(given: Tokens, actual: Tokens, where = "", output?: string): string[] {
  // The common case (every token kept, in place) needs no counting.
  if (sameInOrder(given.all, actual.all) && sameInOrder(given.strict, actual.strict)) return [];
  const problems: string[] = [];
  const got = multiset(actual.all);
  const expected = output === undefined ? given : unquoteCodeSpans(given, got, output);
  for (const [token, count] of multiset(expected.strict))
    if ((got.get(token) ?? 0) < count) problems.push(`${where}lost ${JSON.stringify(token)}`);
  const had = multiset(expected.all);
  for (const [token, count] of multiset(withInventedTags(expected, actual)))
    if (count > (had.get(token) ?? 0)) problems.push(`${where}invented ${JSON.stringify(token)}`);
  return problems;
}

const without = (tokens: readonly string[], token: string) => {
  const at = tokens.indexOf(token);
  return at < 0 ? [...tokens] : [...tokens.slice(0, at), ...tokens.slice(at + 1)];
};

/**
 * A code span the answer does not have but whose content it writes as is (in the language's
 * quotes: `` `--bisect-state` `` → «--bisect-state») is expected as the tokens inside it.
 */
function unquoteCodeSpans(expected: Tokens, got: ReadonlyMap<string, number>, output: string): Tokens {
  let result = expected;
  const left = new Map(got);
  for (const token of expected.strict) {
    if (!token.startsWith("`")) continue;
    const have = left.get(token) ?? 0;
    if (have > 0) {
      left.set(token, have - 1);
      continue;
    }
    const inside = unquotedCodeTokens(token, output);
    if (inside)
      result = {
        all: [...without(result.all, token), ...inside],
        strict: [...without(result.strict, token), ...inside],
      };
  }
  return result;
}

/**
 * The answer's strict tokens, plus its bare HTML element names (`<i>`) when the source has no
 * metavariable in angle brackets: there they are invented markup, not a translated `<file>`.
 */
function withInventedTags(expected: Tokens, actual: Tokens): string[] {
  const strict = new Set(expected.strict);
  if (expected.all.some((token) => token.startsWith("<") && !strict.has(token))) return actual.strict;
  const strictOut = new Set(actual.strict);
  return [...actual.strict, ...actual.all.filter((token) => !strictOut.has(token) && isBareElementTag(token))];
}

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Protected tokens, plus every brace left in the text: an engine that adds or drops one breaks the
 * message. Neighbouring text segments need not be merged first: the tokens come out the same. A
 * strict token that no program reads (a path, an identifier: mustComeBack) counts as soft.
 */
function tokensOf(segments: readonly Segment[], into: Tokens = { all: [], strict: [] }): Tokens {
  const push = (token: string, soft = false) => {
    into.all.push(token);
    if (!soft) into.strict.push(token);
  };
  for (const segment of segments) {
    if (segment.kind === "protected") {
      const value = segment.value.trim();
      // A printf conversion counts by what it reads: a translator may change its width or precision.
      const token = value.startsWith("%") ? (printfArgumentShape(value) ?? value) : value;
      if (token) push(token, segment.soft || !mustComeBack(token));
      continue;
    }
    const text = segment.value;
    // Braces are rare in text: look for one before walking the characters.
    if (text.indexOf("{") < 0 && text.indexOf("}") < 0) continue;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === OPEN_BRACE) push("{");
      else if (code === CLOSE_BRACE) push("}");
    }
  }
  return into;
}

/**
 * The tokens of a message's own text, as the parser reads it (a quoted `'#'` is text, not the
 * number): placeholders in literal text, simple arguments, `#`; not those of nested branches.
 */
function runTokens(parts: readonly IcuPart[]): Tokens {
  const tokens: Tokens = { all: [], strict: [] };
  for (const part of parts) {
    if (part.kind === "choice") continue;
    for (const element of part.elements) {
      if (element.kind === "literal") tokensOf(scanPlaceholders(element.value), tokens);
      else {
        const token = element.kind === "pound" ? "#" : element.raw;
        tokens.all.push(token);
        tokens.strict.push(token);
      }
    }
  }
  return tokens;
}

const choicesOf = (parts: readonly IcuPart[]) => parts.filter((part): part is IcuChoice => part.kind === "choice");
const label = (choice: IcuChoice) =>
  `{${choice.argument}, ${choice.type}${choice.offset ? `, offset:${choice.offset}` : ""}}`;

/** The pair a translation is for: a plural may then answer in the target's categories. */
export interface LocalePair {
  sourceLocale: string;
  targetLocale: string;
}

function messageProblems(
  sourceParts: readonly IcuPart[],
  outputParts: readonly IcuPart[],
  where: string,
  pair?: LocalePair,
): string[] {
  const problems = multisetProblems(runTokens(sourceParts), runTokens(outputParts), where);
  const expected = choicesOf(sourceParts);
  const actual = choicesOf(outputParts);
  if (expected.length !== actual.length)
    return [...problems, `${where}has ${actual.length} plural/select argument(s) instead of ${expected.length}`];
  expected.forEach((choice, index) => problems.push(...choiceProblems(choice, actual[index]!, where, pair)));
  return problems;
}

function choiceProblems(expected: IcuChoice, actual: IcuChoice, where: string, pair?: LocalePair): string[] {
  if (label(expected) !== label(actual)) return [`${where}lost "${label(expected)}" (got "${label(actual)}")`];
  const branches = new Map(actual.branches.map((branch) => [branch.key, branch]));
  const inTarget = targetCategoryBranches(expected, actual, pair);
  if (inTarget) {
    return inTarget.flatMap(({ key, from }) =>
      messageProblems(from.parts, branches.get(key)!.parts, `${where}in ${label(expected)} branch "${key}": `, pair),
    );
  }
  const problems: string[] = [];
  for (const branch of expected.branches) {
    const match = branches.get(branch.key);
    const inBranch = `${where}in ${label(expected)} branch "${branch.key}": `;
    if (match) problems.push(...messageProblems(branch.parts, match.parts, inBranch, pair));
    else problems.push(`${where}lost branch "${branch.key}" of ${label(expected)}`);
  }
  const keys = new Set(expected.branches.map((branch) => branch.key));
  for (const branch of actual.branches)
    if (!keys.has(branch.key)) problems.push(`${where}invented branch "${branch.key}" of ${label(expected)}`);
  return problems;
}

/**
 * When a plural's answer has exactly the target's categories (and the source's `=N` branches), each
 * of its branches with the source branch it is translated from; null for any other answer.
 */
function targetCategoryBranches(expected: IcuChoice, actual: IcuChoice, pair: LocalePair | undefined) {
  if (!pair || expected.type === "select") return null;
  const plan = planPluralBranches(
    expected.branches.map((branch) => branch.key),
    pair.sourceLocale,
    pair.targetLocale,
    expected.type === "selectordinal" ? "ordinal" : "cardinal",
    writesPound(expected),
  );
  if (!plan || plan.length !== actual.branches.length) return null;
  const keys = new Set(actual.branches.map((branch) => branch.key));
  if (!plan.every((branch) => keys.has(branch.key))) return null;
  const source = new Map(expected.branches.map((branch) => [branch.key, branch]));
  return plan.map((branch) => ({ key: branch.key, from: source.get(branch.from)! }));
}

/** The same tokens as often, in any order. */
function sameMultiset(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const counts = multiset(a);
  for (const token of b) {
    const left = counts.get(token) ?? 0;
    if (left === 0) return false;
    counts.set(token, left - 1);
  }
  return true;
}

/**
 * Every token of the source, as often, none added, and each in the tier the source has it in (a
 * tag the source closes may not come back unclosed, a soft metavariable): what the quality
 * report's token checks compare, so they cannot find anything in such an answer.
 */
function keepsEveryToken(given: Tokens, actual: Tokens): boolean {
  if (sameInOrder(given.all, actual.all) && sameInOrder(given.strict, actual.strict)) return true;
  return sameMultiset(given.all, actual.all) && sameMultiset(given.strict, actual.strict);
}

/**
 * Placeholders, tags, code, typed things and ICU structure lost or invented by a translation
 * (strict tokens only: metavariables may be translated). A source with
 * ICU plural/select is compared structurally: the output must parse, have the same
 * plural/select arguments (name, type, offset) in the same places, the same selector keys per
 * argument — or, given the locale pair, a plural in exactly the target's categories (see
 * docs/engines.md#plural-categories-the-targets) — and the same placeholders and `#` in every branch. Anything else is compared as a multiset of
 * placeholders (stray braces included).
 */
export function placeholderProblems(source: string, output: string, pair?: LocalePair): string[] {
  return tokenCheck(source, output, pair).problems;
}

/**
 * placeholderProblems, and whether the answer kept exactly the source's tokens (keepsEveryToken);
 * never said of an ICU message, whose tokens are compared branch by branch.
 */
function tokenCheck(source: string, output: string, pair?: LocalePair): { problems: string[]; tokensKept: boolean } {
  const sourceParts = parseIcuChoices(source);
  // Not ICU: split like the answer (merging text changes no token), so that the post-edits that
  // follow find both splits remembered (splitProtected keeps the last two).
  if (!sourceParts) {
    const given = tokensOf(splitProtected(source));
    const actual = tokensOf(splitProtected(output));
    const problems = multisetProblems(given, actual, "", output);
    return { problems, tokensKept: problems.length === 0 && keepsEveryToken(given, actual) };
  }
  // Translations run longer than their source: a message parsed as ICU is compared up to four times its bound.
  const outputParts = parseIcuChoices(output, 4 * MAX_ICU_CHARS);
  if (!outputParts) return { problems: ["the ICU plural/select structure was broken"], tokensKept: false };
  return { problems: messageProblems(sourceParts, outputParts, "", pair), tokensKept: false };
}

/**
 * The problem not counted for a form written for a category of one number (Arabic `zero`, `one`,
 * `two`; Polish `one`): its number may go unwritten, as a translator writes "one file" or "صفر بايت".
 */
function droppableNumber(source: string, targetLocale: string): string | undefined {
  const unit = unitCategory(source);
  if (!unit) return undefined;
  const numbers = pluralLanguage(targetLocale, unit.type)?.numbers.get(unit.category);
  if (numbers?.length !== 1) return undefined;
  return `lost ${JSON.stringify(categoryToken(unit.category, unit.type))}`;
}

/** Everything wrong with one translated string; empty when it may be returned. */
export function translationProblems(
  source: string,
  output: unknown,
  glossary: readonly GlossaryItem[],
  pair?: LocalePair,
): string[] {
  return checkOutput(source, output, glossary, pair).problems;
}

/**
 * What the output check found in one translated string: its problems (none: it may be returned),
 * and whether it kept exactly the source's tokens, in the same tiers (never for an ICU message):
 * the quality report then skips the checks that compare them (docs/quality.md#what-the-output-check-hands-over).
 */
export function checkOutput(
  source: string,
  output: unknown,
  glossary: readonly GlossaryItem[],
  pair?: LocalePair,
): { problems: string[]; tokensKept: boolean } {
  if (typeof output !== "string") return { problems: ["missing translation"], tokensKept: false };
  if (source.trim().length > 0 && output.trim().length === 0)
    return { problems: ["empty translation"], tokensKept: false };
  const { problems, tokensKept } = tokenCheck(source, output, pair);
  const mayDrop = pair && droppableNumber(source, pair.targetLocale);
  const violations = glossaryViolations(glossary, source, output);
  if (problems.length === 0 && violations.length === 0) return { problems, tokensKept };
  return {
    problems: [...(mayDrop ? problems.filter((problem) => problem !== mayDrop) : problems), ...violations],
    tokensKept: false,
  };
}
