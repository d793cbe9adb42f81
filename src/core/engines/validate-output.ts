import { scanPlaceholders } from "../content/flat-placeholders.js";
import { MAX_ICU_CHARS, parseIcuChoices, type IcuChoice, type IcuPart } from "../content/icu-message.js";
import { splitProtected, type Segment } from "../content/protected-segments.js";
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

function multisetProblems(expected: Tokens, actual: Tokens, where = ""): string[] {
  // The common case (every token kept, in place) needs no counting.
  if (sameInOrder(expected.all, actual.all) && sameInOrder(expected.strict, actual.strict)) return [];
  const problems: string[] = [];
  const got = multiset(actual.all);
  for (const [token, count] of multiset(expected.strict))
    if ((got.get(token) ?? 0) < count) problems.push(`${where}lost ${JSON.stringify(token)}`);
  const had = multiset(expected.all);
  for (const [token, count] of multiset(actual.strict))
    if (count > (had.get(token) ?? 0)) problems.push(`${where}invented ${JSON.stringify(token)}`);
  return problems;
}

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Protected tokens, plus every brace left in the text: an engine that adds or drops one breaks the
 * message. Neighbouring text segments need not be merged first: the tokens come out the same.
 */
function tokensOf(segments: readonly Segment[], into: Tokens = { all: [], strict: [] }): Tokens {
  const push = (token: string, soft = false) => {
    into.all.push(token);
    if (!soft) into.strict.push(token);
  };
  for (const segment of segments) {
    if (segment.kind === "protected") {
      const token = segment.value.trim();
      if (token) push(token, segment.soft);
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

function messageProblems(sourceParts: readonly IcuPart[], outputParts: readonly IcuPart[], where: string): string[] {
  const problems = multisetProblems(runTokens(sourceParts), runTokens(outputParts), where);
  const expected = choicesOf(sourceParts);
  const actual = choicesOf(outputParts);
  if (expected.length !== actual.length)
    return [...problems, `${where}has ${actual.length} plural/select argument(s) instead of ${expected.length}`];
  expected.forEach((choice, index) => problems.push(...choiceProblems(choice, actual[index]!, where)));
  return problems;
}

function choiceProblems(expected: IcuChoice, actual: IcuChoice, where: string): string[] {
  if (label(expected) !== label(actual)) return [`${where}lost "${label(expected)}" (got "${label(actual)}")`];
  const branches = new Map(actual.branches.map((branch) => [branch.key, branch]));
  const problems: string[] = [];
  for (const branch of expected.branches) {
    const match = branches.get(branch.key);
    const inBranch = `${where}in ${label(expected)} branch "${branch.key}": `;
    if (match) problems.push(...messageProblems(branch.parts, match.parts, inBranch));
    else problems.push(`${where}lost branch "${branch.key}" of ${label(expected)}`);
  }
  const keys = new Set(expected.branches.map((branch) => branch.key));
  for (const branch of actual.branches)
    if (!keys.has(branch.key)) problems.push(`${where}invented branch "${branch.key}" of ${label(expected)}`);
  return problems;
}

/**
 * Placeholders, tags, code, typed things and ICU structure lost or invented by a translation
 * (strict tokens only: metavariables may be translated). A source with
 * ICU plural/select is compared structurally: the output must parse, have the same
 * plural/select arguments (name, type, offset) in the same places, the same selector keys per
 * argument (the target keeps the source's plural categories, see docs/engines.md), and the
 * same placeholders and `#` in every branch. Anything else is compared as a multiset of
 * placeholders (stray braces included).
 */
export function placeholderProblems(source: string, output: string): string[] {
  const sourceParts = parseIcuChoices(source);
  // Not ICU: split like the answer (merging text changes no token), so that the post-edits that
  // follow find both splits remembered (splitProtected keeps the last two).
  if (!sourceParts) return multisetProblems(tokensOf(splitProtected(source)), tokensOf(splitProtected(output)));
  // Translations run longer than their source: a message parsed as ICU is compared up to four times its bound.
  const outputParts = parseIcuChoices(output, 4 * MAX_ICU_CHARS);
  if (!outputParts) return ["the ICU plural/select structure was broken"];
  return messageProblems(sourceParts, outputParts, "");
}

/** Everything wrong with one translated string; empty when it may be returned. */
export function translationProblems(source: string, output: unknown, glossary: readonly GlossaryItem[]): string[] {
  if (typeof output !== "string") return ["missing translation"];
  if (source.trim().length > 0 && output.trim().length === 0) return ["empty translation"];
  return [...placeholderProblems(source, output), ...glossaryViolations(glossary, source, output)];
}
