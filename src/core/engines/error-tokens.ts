import htmlTags from "html-tags";
import { scanPlaceholders } from "../content/flat-placeholders.js";

/**
 * Which differences between a source's tokens and a translation's make the output check refuse
 * the translation: only those a program breaks or mis-renders on (docs/engines.md#output-validation),
 * the same line as the quality report's `error` severity (docs/quality.md).
 */

/** `/usr/bin/x`, `./configure`, `../lib`, `~/.config`: a path. */
const PATH = /^(?:~|\.{1,2})?\//;
/** `$HOME`, `%APPDATA%`: an environment variable named in prose (`${name}` is a template placeholder). */
const ENVIRONMENT_VARIABLE = /^(?:\$[A-Za-z_][A-Za-z0-9_]*|%[A-Z_][A-Z0-9_]*%)$/;
/** `size_t`, `uid_trust_string_fixed`: an identifier named in prose. */
const IDENTIFIER = /^[\p{L}\p{N}]+(?:_[\p{L}\p{N}]+)+$/u;
/** The Lingo.dev CLI's stand-ins for code: it puts the code back by them, so they are kept whatever they look like. */
const CODE_STAND_IN = /^(?:INLINE_)?CODE_PLACEHOLDER_/;

/**
 * Whether a strict token must come back exactly: printf, ICU and `{name}`-style arguments,
 * markup, code spans, URLs, e-mail addresses, options, escapes and the CLI's stand-ins do. A path,
 * an environment variable or an identifier that a translation changes misleads a reader but
 * breaks no program: it is not refused (a quality report's warning).
 */
export function mustComeBack(token: string): boolean {
  if (PATH.test(token) || ENVIRONMENT_VARIABLE.test(token)) return false;
  return !IDENTIFIER.test(token) || CODE_STAND_IN.test(token);
}

const HTML_ELEMENTS: ReadonlySet<string> = new Set(htmlTags);
const BARE_TAG = /^<([A-Za-z][\w:.-]*)>$/;

/**
 * `<time>`, `<i>`: an HTML element's name written bare. Never closed, it is a metavariable where
 * the source names things so (`older than <time>` → `més antic que <data>`), but an answer that
 * brings one to a source without metavariables in angle brackets has invented markup.
 */
export function isBareElementTag(token: string): boolean {
  const name = BARE_TAG.exec(token)?.[1];
  return name !== undefined && HTML_ELEMENTS.has(name.toLowerCase());
}

/** `` `--bisect-state` `` → `--bisect-state`: a one-line code span's content, or undefined for anything else. */
export function codeSpanContent(token: string): string | undefined {
  if (!token.startsWith("`") || token.startsWith("```")) return undefined;
  const ticks = token.startsWith("``") ? 2 : 1;
  const content = token.slice(ticks, -ticks).trim();
  return content.length > 0 && !content.includes("\n") ? content : undefined;
}

const OPENING_QUOTES = "«‹„‚“‘\"'「『`";
const CLOSING_QUOTES = "»›“”‘’\"'」』";
const QUOTE_SPACE = /[ \u00a0\u202f]/;

/** Whether `output` writes `content` between quotation marks (French spacing inside them allowed). */
function quotedIn(output: string, content: string): boolean {
  for (let at = output.indexOf(content); at >= 0; at = output.indexOf(content, at + 1)) {
    let before = at - 1;
    if (QUOTE_SPACE.test(output[before] ?? "")) before--;
    let after = at + content.length;
    if (QUOTE_SPACE.test(output[after] ?? "")) after++;
    if (OPENING_QUOTES.includes(output[before] ?? "x") && CLOSING_QUOTES.includes(output[after] ?? "x")) return true;
  }
  return false;
}

/**
 * The tokens a code span stands for once a translator wrote it in the language's quotes
 * (`` `--bisect-state` `` → «--bisect-state»): its content is still code, so the tokens inside it
 * must come back; undefined when `output` does not quote the content as written (without any
 * marks, code would read as prose).
 */
export function unquotedCodeTokens(token: string, output: string): string[] | undefined {
  const content = codeSpanContent(token);
  if (content === undefined || !quotedIn(output, content)) return undefined;
  return scanPlaceholders(content)
    .filter((segment) => segment.kind === "protected" && !segment.soft)
    .map((segment) => segment.value.trim())
    .filter((value) => value.length > 0 && mustComeBack(value));
}
