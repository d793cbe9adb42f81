import { PRINTF_CONVERSION, tagConversions, tagWithoutArgumentNumbers } from "../content/printf-order.js";
import type { Segment } from "../content/segment.js";

/**
 * The protected tokens of a string by what a program does with them. Only strict tokens count:
 * a metavariable such as `<file>` or `FIRST_PAGE` only names a thing and may be translated.
 */
export interface Tokens {
  /** printf conversions (`%s`, `%2$d`, `%<PRIuMAX>`), not `%%`. */
  printf: readonly string[];
  /** HTML/XML tags, comments and entities. */
  markup: readonly string[];
  /** URLs and e-mail addresses. */
  urls: readonly string[];
  /** Named placeholders a program fills in: `{name}`, `{{name}}`, `%{name}`, `%(name)s`, `${name}`, `:name`… */
  placeholders: readonly string[];
  /** Markdown code spans (`` `--flag` ``): their content is what counts. */
  code: readonly string[];
  /** What a user types: options, paths, environment variables, identifiers. */
  typed: readonly string[];
}

const URL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const EMAIL = /^[^\s@]+@[^\s@:]+\.[A-Za-z]{2,}$/;
const MARKUP = /^(?:<[/!A-Za-z]|&(?:[A-Za-z][A-Za-z0-9]*|#\d+|#[xX][0-9A-Fa-f]+);$)/;
const PLACEHOLDER = /^(?:\{|\$[{t]|%[{(#]|%[A-Z_][A-Z0-9_]+%$|@|:[\p{L}_]|---)/u;
/**
 * A brace token a program fills in: `{name}`, `{0}`, `{count, number}`, `{{name}}`. Braces around
 * other text are a usage line's (`{ascii,ebcdic,ibm}`, `{script-only-if-no-other-script}`).
 */
const BRACED_NAME =
  /^\{{1,3}\s*(?:\d+|[\p{L}_$][\p{L}\p{N}_.$:]*)\s*(?:,\s*(?:number|date|time|plural|select|selectordinal|spellout|ordinal|duration)\b[^{}]*)?\}{1,3}$/u;

const isAsciiLetter = (code: number) => (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;

/** The tokens of a string that has none: shared, so never changed. */
const NONE: Tokens = { printf: [], markup: [], urls: [], placeholders: [], code: [], typed: [] };

/** The strict tokens of a string's segments, by kind. */
export function classifyTokens(segments: readonly Segment[]): Tokens {
  if (segments.length === 1 && segments[0]!.kind === "text") return NONE;
  const tokens = {
    printf: [] as string[],
    markup: [] as string[],
    urls: [] as string[],
    placeholders: [] as string[],
    code: [] as string[],
    typed: [] as string[],
  };
  for (const segment of segments) {
    if (segment.kind !== "protected" || segment.soft) continue;
    const token = segment.value.trim();
    const first = token[0];
    if (first === undefined || first === "\\" || token === "%%") continue;
    // Each expression is tried only where its first character (or an `@`) could match.
    if (first === "%" && PRINTF_CONVERSION.test(token)) tokens.printf.push(token);
    else if ((isAsciiLetter(first.charCodeAt(0)) && URL.test(token)) || (token.includes("@") && EMAIL.test(token)))
      tokens.urls.push(token);
    else if ((first === "<" || first === "&") && MARKUP.test(token)) {
      // A tag's conversions (`<schema id='%s'>`) are arguments like the others, and may be numbered to reorder them.
      if (first === "<" && token.includes("%")) {
        tokens.printf.push(...tagConversions(token));
        tokens.markup.push(tagWithoutArgumentNumbers(token));
      } else tokens.markup.push(token);
    } else if (first === "`") tokens.code.push(token);
    else if (token.startsWith("{") ? BRACED_NAME.test(token) : PLACEHOLDER.test(token)) tokens.placeholders.push(token);
    else if (!token.startsWith("{")) tokens.typed.push(token);
  }
  return tokens;
}

/** The same tokens in the same order: what a translation that kept every token has, nothing left to compare. */
export function sameSequence(expected: readonly string[], actual: readonly string[]): boolean {
  if (expected.length !== actual.length) return false;
  for (let i = 0; i < expected.length; i++) if (expected[i] !== actual[i]) return false;
  return true;
}

/** Tokens of `expected` missing from `actual` and tokens of `actual` not in `expected`, as multisets. */
export function differences(
  expected: readonly string[],
  actual: readonly string[],
): { lost: string[]; invented: string[] } {
  const counts = new Map<string, number>();
  for (const token of expected) counts.set(token, (counts.get(token) ?? 0) + 1);
  const invented: string[] = [];
  for (const token of actual) {
    const left = counts.get(token) ?? 0;
    if (left > 0) counts.set(token, left - 1);
    else invented.push(token);
  }
  const lost = [...counts].flatMap(([token, count]) => new Array<string>(count).fill(token));
  return { lost, invented };
}

/** `lost "%s", invented "%d"`: what a message lists. */
export function describeDifferences({ lost, invented }: { lost: string[]; invented: string[] }): string {
  return [
    ...lost.map((token) => `lost ${JSON.stringify(token)}`),
    ...invented.map((t) => `added ${JSON.stringify(t)}`),
  ].join(", ");
}
