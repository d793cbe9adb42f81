import { protectedAtoms } from "../content/protected-segments.js";
import { glossaryViolations, type GlossaryItem } from "./glossary.js";

function multiset(tokens: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}

const PLURAL_HEAD = /^\{\s*[\w.-]+\s*,\s*(plural|selectordinal)\b/;
const PLURAL_CATEGORY = /^(?:offset:\d+\s*)?(?:=\d+|zero|one|two|few|many)\s*\{$/;

function multisetProblems(expected: string[], actual: string[]): string[] {
  const want = multiset(expected);
  const got = multiset(actual);
  const problems: string[] = [];
  for (const [token, count] of want) if ((got.get(token) ?? 0) < count) problems.push(`lost ${JSON.stringify(token)}`);
  for (const [token, count] of got)
    if (count > (want.get(token) ?? 0)) problems.push(`invented ${JSON.stringify(token)}`);
  return problems;
}

/**
 * Placeholders, ICU skeletons, tags and code spans lost or invented by a translation.
 * Exact counts, except in messages with an ICU plural: the target language may need other
 * plural categories (Russian adds `few` and `many`), which repeats `#`, `}` and the
 * placeholders of a branch; there every token must still survive and none may be invented,
 * `other` included, but categories and counts may change.
 */
export function placeholderProblems(source: string, output: string): string[] {
  const expected = protectedAtoms(source);
  const actual = protectedAtoms(output);
  if (!expected.some((token) => PLURAL_HEAD.test(token))) return multisetProblems(expected, actual);
  const significant = (tokens: string[]) => [
    ...new Set(tokens.filter((token) => token !== "}" && !PLURAL_CATEGORY.test(token))),
  ];
  return multisetProblems(significant(expected), significant(actual));
}

/** Everything wrong with one translated string; empty when it may be returned. */
export function translationProblems(source: string, output: unknown, glossary: readonly GlossaryItem[]): string[] {
  if (typeof output !== "string") return ["missing translation"];
  if (source.trim().length > 0 && output.trim().length === 0) return ["empty translation"];
  return [...placeholderProblems(source, output), ...glossaryViolations(glossary, source, output)];
}
