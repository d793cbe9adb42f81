import { splitProtected } from "../content/protected-segments.js";

/**
 * The protected tokens of a string by what a program does with them. Only strict tokens count:
 * a metavariable such as `<file>` or `FIRST_PAGE` only names a thing and may be translated.
 */
export interface Tokens {
  /** printf conversions (`%s`, `%2$d`, `%<PRIuMAX>`), not `%%`. */
  printf: string[];
  /** HTML/XML tags, comments and entities. */
  markup: string[];
  /** URLs and e-mail addresses. */
  urls: string[];
  /** Named placeholders a program fills in: `{name}`, `{{name}}`, `%{name}`, `%(name)s`, `${name}`, `:name`… */
  placeholders: string[];
  /** Markdown code spans (`` `--flag` ``): their content is what counts. */
  code: string[];
  /** What a user types: options, paths, environment variables, identifiers. */
  typed: string[];
}

export const PRINTF_TOKEN =
  /^%(?:(\d{1,3})\$)?([-+0#'I]{0,5})(\d{1,3}|\*(?:\d{1,3}\$)?)?(?:\.(\d{1,3}|\*(?:\d{1,3}\$)?))?((?:hh|h|ll|l|L|q|z|j|t)?[sdifuxXoeEgGcpaA@]|<PRI[A-Za-z0-9_]{1,20}>)$/;
const URL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const EMAIL = /^[^\s@]+@[^\s@:]+\.[A-Za-z]{2,}$/;
const MARKUP = /^(?:<[/!A-Za-z]|&(?:[A-Za-z][A-Za-z0-9]*|#\d+|#[xX][0-9A-Fa-f]+);$)/;
const PLACEHOLDER = /^(?:\{|\$[{t]|%[{(#]|%[A-Z_][A-Z0-9_]+%$|@|:[\p{L}_]|---)/u;
const CODE = /^`/;
/**
 * A brace token a program fills in: `{name}`, `{0}`, `{count, number}`, `{{name}}`. Braces around
 * other text are a usage line's (`{ascii,ebcdic,ibm}`, `{script-only-if-no-other-script}`).
 */
const BRACED_NAME =
  /^\{{1,3}\s*(?:\d+|[\p{L}_$][\p{L}\p{N}_.$:]*)\s*(?:,\s*(?:number|date|time|plural|select|selectordinal|spellout|ordinal|duration)\b[^{}]*)?\}{1,3}$/u;
const ESCAPE = /^\\/;

/** Every check of a pair reads the tokens of its source and its translation: the last two are kept. */
let newest: { text: string; tokens: Tokens } | null = null;
let older: { text: string; tokens: Tokens } | null = null;

export function tokensOf(text: string): Tokens {
  if (newest?.text === text) return newest.tokens;
  if (older?.text === text) return older.tokens;
  const tokens = classify(text);
  older = newest;
  newest = { text, tokens };
  return tokens;
}

function classify(text: string): Tokens {
  const tokens: Tokens = { printf: [], markup: [], urls: [], placeholders: [], code: [], typed: [] };
  for (const segment of splitProtected(text)) {
    if (segment.kind !== "protected" || segment.soft) continue;
    const token = segment.value.trim();
    if (token === "" || token === "%%" || ESCAPE.test(token)) continue;
    if (PRINTF_TOKEN.test(token)) tokens.printf.push(token);
    else if (URL.test(token) || EMAIL.test(token)) tokens.urls.push(token);
    else if (MARKUP.test(token)) tokens.markup.push(token);
    else if (CODE.test(token)) tokens.code.push(token);
    else if (token.startsWith("{") ? BRACED_NAME.test(token) : PLACEHOLDER.test(token)) tokens.placeholders.push(token);
    else if (!token.startsWith("{")) tokens.typed.push(token);
  }
  return tokens;
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
