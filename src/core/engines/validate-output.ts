import { protectedTokens } from "../content/protected-segments.js";
import { glossaryViolations, type GlossaryItem } from "./glossary.js";

function multiset(tokens: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}

/** Placeholders, ICU skeletons, tags and code spans lost or invented by a translation. */
export function placeholderProblems(source: string, output: string): string[] {
  const expected = multiset(protectedTokens(source));
  const actual = multiset(protectedTokens(output));
  const problems: string[] = [];
  for (const [token, count] of expected) {
    const got = actual.get(token) ?? 0;
    if (got < count) problems.push(`lost ${JSON.stringify(token)}`);
  }
  for (const [token, count] of actual) {
    if (count > (expected.get(token) ?? 0)) problems.push(`invented ${JSON.stringify(token)}`);
  }
  return problems;
}

/** Everything wrong with one translated string; empty when it may be returned. */
export function translationProblems(source: string, output: unknown, glossary: readonly GlossaryItem[]): string[] {
  if (typeof output !== "string") return ["missing translation"];
  if (source.trim().length > 0 && output.trim().length === 0) return ["empty translation"];
  return [...placeholderProblems(source, output), ...glossaryViolations(glossary, source, output)];
}
