import htmlTags, { voidHtmlTags } from "html-tags";
import type { Segment } from "./segment.js";

/**
 * The placeholder syntaxes of the file formats a localization CLI handles, and the things a
 * program or a user types (options, paths, URLs, e-mail addresses, environment variables, C
 * identifiers), found in one left-to-right pass. A rule is tried only where its first
 * character is (or looks back a bounded distance from it), consumes at most up to the next
 * occurrence of its own delimiter (or a few dozen characters), and a failed attempt never
 * causes a rescan, so a scan is linear in the length of the text.
 *
 * Tokens come in two tiers (docs/engines.md#placeholders): strict ones a program fills in or
 * parses, and soft ones (`soft: true`), metavariables that only name a thing — `<file>`,
 * `FIRST_PAGE`, an identifier inside usage brackets `[job_spec ...]`.
 */
const PRINTF =
  /%(?:\d{1,3}\$)?[-+0#'I]{0,5}(?:\d{1,3}|\*(?:\d{1,3}\$)?)?(?:\.(?:\d{1,3}|\*(?:\d{1,3}\$)?))?(?:(?:hh|h|ll|l|L|q|z|j|t)?[sdifuxXoeEgGcpaA@%]|<PRI[A-Za-z0-9_]{1,20}>)/y;

const RULES: Readonly<Record<string, readonly RegExp[]>> = {
  "{": [
    /\{\{\{[^{}]*\}\}\}/y, // {{{raw}}}
    /\{\{[^{}]*\}\}/y, // {{name}}, {{count, number}}
    /\{\s*[^\s{},]+\s*(?:,[^{}]*)?\}/y, // {name}, {0}, {variable:0}, {n, number, ::currency/EUR}
    /\{\s*[^\s{},]+\s*,\s*(?:plural|selectordinal|select)\s*,/y, // the head of an ICU message that did not parse
  ],
  // ${name}, i18next $t(key), $HOME
  $: [/\$\{[^{}]*\}/y, /\$t\([^()]*\)/y, /\$[A-Za-z_][A-Za-z0-9_]*/y],
  "%": [
    /%\{[^{}]*\}/y, // %{name}
    /%\([^()\s]{1,100}\)[-+ 0#]{0,5}\d{0,3}(?:\.\d{1,3})?[sdifuxXoeEgGcr]/y, // %(name)s
    /%(?:\d{1,3}\$)?#@[^@\s]{1,200}@/y, // %#@count@ (stringsdict)
    /%[A-Z_][A-Z0-9_]{1,100}%/y, // %APPDATA% (Windows environment variables)
    PRINTF, // %s %1$@ %lld %.2f %% %2$.*1$s %<PRIuMAX> (gettext's <inttypes.h> macros)
  ],
  "<": [/<\/?[A-Za-z][\w:.-]*(?:\s[^<>]*)?\/?>/y], // HTML/XML tags, and <metavariables>
  "]": [/\]\([^()\s]+\)/y], // markdown link targets
  "&": [/&(?:[A-Za-z][A-Za-z0-9]{1,31}|#\d{1,7}|#[xX][0-9A-Fa-f]{1,6});/y], // &amp; &#39; &#x27;
  ":": [/(?<![\p{L}\p{N}_:]):[\p{L}_][\p{L}\p{N}_]*/uy], // :name (Laravel, Rails)
  "@": [/@(?:\.[a-z]+)?:[\w-]+(?:\.[\w-]+)*/y], // @:key, @.lower:key (vue-i18n)
  "\\": [/\\(?:u[0-9A-Fa-f]{4}|[nrt"'\\@?])/y], // \n \" \u00e9 (Android, .strings)
  "-": [/---[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*---/y], // ---CODE-PLACEHOLDER-<hash>---
};

/** `--max-depth`, `-r`, `-lpsvPSVX`: a command-line option, after a boundary (not `e-mail`, not `-5`). */
const OPTION = /--?\p{L}[\p{L}\p{N}]*(?:-[\p{L}\p{N}]+)*/uy;
/** `=0`, `=auto` after an option; a value in capitals (`=FIRST_PAGE`) is a metavariable, not typed as written. */
const OPTION_VALUE = /[a-z0-9][\w.:/@+~-]*/y;
/** `/usr/bin/x` from its first slash (`./`, `../`, `~/` are looked back for). */
const PATH = /\/[\p{L}\p{N}_.+@~-][\p{L}\p{N}_.+@~/-]*/uy;
/** A URL's body after `scheme:`; percent signs only as escapes, so a printf conversion stays a token of its own. */
const URL_BODY = /\/\/(?:[^\s<>"'`{}%]|%[0-9A-Fa-f]{2})+/y;
const EMAIL_DOMAIN = /(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.){1,10}[A-Za-z]{2,63}(?![A-Za-z0-9-])/y;
const LOCAL_PART_CHAR = /[A-Za-z0-9._%+-]/;
const SCHEME_CHAR = /[A-Za-z0-9+.-]/;
/** What may stand right before an option or a path: the start, a space, an opening bracket or quote, `=`, `,`. */
// Opening quotation marks of every convention count: Polish „-N LICZBA”, German »--opt«, Japanese 「-r」.
const BOUNDARY = /[\s([{|"'`=,;«“‘„‚»‹「『（【]/;

/** `user_count`, `CODE_PLACEHOLDER_3fa9_END`: the underscores onwards of an identifier. */
const IDENTIFIER_TAIL = /(?:_[\p{L}\p{N}]+)+(?![\p{L}\p{N}_])/uy;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const LOWER_CASE = /\p{Ll}/u;
/** The Lingo.dev CLI's stand-ins for code: strict whatever their hash looks like. */
const CODE_STAND_IN = /^(?:INLINE_)?CODE_PLACEHOLDER_/;
const HTML_ELEMENTS: ReadonlySet<string> = new Set(htmlTags);
/**
 * Elements that are markup without a closing tag: void ones that do something bare (`<br>`, `<hr>`)
 * and those whose end tag HTML lets a writer leave out (`<p>`, `<li>`, `<td>`…). Any other element
 * name written bare and never closed names a thing, as `<file>` does: `<object>`, `<time>`,
 * `<mark>`, and the void elements HTML requires attributes of (`<link>`, `<img>`: nothing without
 * `href` or `src`).
 */
const NEEDS_ATTRIBUTES: ReadonlySet<string> = new Set([
  "link",
  "meta",
  "base",
  "img",
  "source",
  "track",
  "param",
  "embed",
]);
const UNCLOSED_MARKUP: ReadonlySet<string> = new Set([
  ...voidHtmlTags.filter((name) => !NEEDS_ATTRIBUTES.has(name)),
  ...["html", "head", "body", "p", "li", "dt", "dd", "rt", "rp", "optgroup", "option"],
  ...["colgroup", "caption", "thead", "tbody", "tfoot", "tr", "td", "th"],
]);
const BARE_TAG = /^<[A-Za-z][\w:.-]*>$/;
const TAG_HEAD = /^<(\/?)([A-Za-z][\w:.-]*)/;

function isLetterOrDigit(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const code = ch.charCodeAt(0);
  if (code < 128) return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122);
  return LETTER_OR_DIGIT.test(ch);
}

/**
 * Where a token or an identifier tail may start: a scan jumps from one to the next, so plain
 * text between them costs one regular-expression search, not a test per character.
 */
const CANDIDATE = /[{$%<`\]&:@\\\-_/]/g;
const CANDIDATE_OR_POUND = /[{$%<`\]&:@\\\-_/#]/g;

/** `indexOf` for delimiters, remembering its last answer: the scan moves only forwards, so every search resumes. */
function closerFinder(text: string) {
  const known = new Map<string, number>();
  return (closer: string, from: number): number => {
    const last = known.get(closer);
    if (last !== undefined && (last === -1 || last >= from)) return last;
    const found = text.indexOf(closer, from);
    known.set(closer, found);
    return found;
  };
}

function delimitedEnd(
  text: string,
  at: number,
  open: string,
  close: string,
  find: (closer: string, from: number) => number,
): number {
  if (!text.startsWith(open, at)) return -1;
  const found = find(close, at + open.length);
  return found < 0 ? -1 : found + close.length;
}

const isBoundaryBefore = (text: string, at: number) => at === 0 || BOUNDARY.test(text[at - 1]!);

/**
 * A single backtick: a Markdown code span when a backtick closes it, a GNU quote (`` `like this' ``,
 * prose, returns -1) when an apostrophe that ends a word closes it first. The search stops at the
 * next backtick, so the stretches searched never overlap.
 */
function backtickEnd(text: string, at: number): number {
  for (let j = at + 1; j < text.length; j++) {
    const ch = text[j];
    if (ch === "\n") return -1;
    if (ch === "`") return j > at + 1 ? j + 1 : -1;
    if (ch === "'" && !isLetterOrDigit(text[j + 1])) return -1;
  }
  return -1;
}

function optionEnd(text: string, at: number): number {
  if (!isBoundaryBefore(text, at)) return -1;
  OPTION.lastIndex = at;
  const match = OPTION.exec(text);
  if (!match) return -1;
  let end = at + match[0].length;
  // `-none-` is a word between dashes, not an option.
  if (text[end] === "-" || text[end] === "_") return -1;
  if (text[end] === "=") {
    end++;
    OPTION_VALUE.lastIndex = end;
    const value = OPTION_VALUE.exec(text);
    if (value) end += value[0].replace(/[.:,-]+$/, "").length;
  }
  return end;
}

/** Where the token starting at `at` ends, or -1 when none starts there. */
function tokenEnd(text: string, at: number, pound: boolean, find: (closer: string, from: number) => number): number {
  const ch = text[at]!;
  if (ch === "#") return pound ? at + 1 : -1;
  if (ch === "<") {
    const comment = delimitedEnd(text, at, "<!--", "-->", find);
    if (comment >= 0) return comment;
  }
  if (ch === "`") {
    const fence = delimitedEnd(text, at, "```", "```", find);
    if (fence >= 0) return fence;
    if (text.startsWith("``", at)) {
      const close = find("``", at + 2);
      const line = text.indexOf("\n", at);
      return close >= 0 && (line < 0 || close < line) ? close + 2 : -1;
    }
    return backtickEnd(text, at);
  }
  if (ch === "\\" && isQuotedBackslash(text, at)) return -1;
  for (const rule of RULES[ch] ?? []) {
    rule.lastIndex = at;
    const match = rule.exec(text);
    if (match) return at + match[0].length;
  }
  if (ch === "-") return optionEnd(text, at);
  return -1;
}

/**
 * `'\\'` and `'*?[]\\'` in C messages: a backslash inside quotes, the quote after it closing the
 * one opened before (after a space or a bracket, within the line's last 80 characters), not an
 * escaped quote (`Don\\'t`, `\\'test\\'` in Android resources).
 */
function isQuotedBackslash(text: string, at: number): boolean {
  const quote = text[at + 1];
  if ((quote !== "'" && quote !== '"') || LETTER_OR_DIGIT.test(text[at + 2] ?? "")) return false;
  // Bounded, so that a scan stays linear whatever the text.
  for (let opened = at - 1; opened >= 0 && at - opened <= 80 && text[opened] !== "\n"; opened--)
    if (text[opened] === quote) return opened === 0 || /[\s([{]/.test(text[opened - 1]!);
  return false;
}

interface Span {
  start: number;
  end: number;
}

/** An e-mail address whose `@` is at `at`, its local part looked back for (at most 64 characters, after `from`). */
function emailAround(text: string, at: number, from: number): Span | null {
  let start = at;
  while (start > from && at - start < 64 && LOCAL_PART_CHAR.test(text[start - 1]!)) start--;
  if (start > from && LOCAL_PART_CHAR.test(text[start - 1]!)) return null;
  while (start < at && !isLetterOrDigit(text[start])) start++;
  if (start === at) return null;
  EMAIL_DOMAIN.lastIndex = at + 1;
  const domain = EMAIL_DOMAIN.exec(text);
  return domain ? { start, end: at + 1 + domain[0].length } : null;
}

/** A URL whose `:` is at `at` (`https://…`), its scheme looked back for; trailing sentence punctuation left out. */
function urlAround(text: string, at: number, from: number): Span | null {
  if (!text.startsWith("//", at + 1)) return null;
  // The scheme first: only then is the body read, so a failed attempt costs a few characters.
  let start = at;
  while (start > from && at - start < 32 && SCHEME_CHAR.test(text[start - 1]!)) start--;
  while (start < at && !/[A-Za-z]/.test(text[start]!)) start++;
  if (start === at || isLetterOrDigit(text[start - 1])) return null;
  URL_BODY.lastIndex = at + 1;
  const body = URL_BODY.exec(text);
  if (!body) return null;
  let end = at + 1 + body[0].length;
  let opened = 0;
  let closed = 0;
  for (let i = at; i < end; i++) {
    if (text[i] === "(") opened++;
    else if (text[i] === ")") closed++;
  }
  for (;;) {
    const last = text[end - 1]!;
    if (".,:;!?*".includes(last)) end--;
    else if (last === ")" && opened < closed) {
      end--;
      closed--;
    } else break;
  }
  return end > at + 3 ? { start, end } : null;
}

/** A path whose first slash is at `at` (`./`, `../` and `~/` in front are part of it). */
function pathAround(text: string, at: number, from: number): Span | null {
  let start = at;
  if (text[at - 1] === "~") start = at - 1;
  else if (text[at - 1] === ".") start = text[at - 2] === "." ? at - 2 : at - 1;
  if (start < from || !(isBoundaryBefore(text, start) || (start === from && start > 0))) return null;
  PATH.lastIndex = at;
  const path = PATH.exec(text);
  if (!path) return null;
  const end = at + path[0].replace(/\.+$/, "").length;
  return end > at + 1 ? { start, end } : null;
}

/** `[job_spec ...]`: is `at` inside a pair of square brackets closed on the same line? Computed once, on demand. */
function bracketCoverage(text: string): (at: number) => boolean {
  let covered: Int32Array | undefined;
  return (at) => {
    if (!covered) {
      covered = new Int32Array(text.length + 1);
      const open: number[] = [];
      for (let i = 0; i < text.length; i++) {
        const ch = text[i];
        if (ch === "[") open.push(i);
        else if (ch === "\n") open.length = 0;
        else if (ch === "]" && open.length > 0) {
          covered[open.pop()! + 1]!++;
          covered[i]!--;
        }
      }
      for (let i = 1; i <= text.length; i++) covered[i]! += covered[i - 1]!;
    }
    return covered[at]! > 0;
  };
}

/**
 * Splits `text` into text and the placeholders listed above; `pound` also protects `#` (the
 * number inside an ICU plural branch). The segments always join back to `text`.
 */
export function scanPlaceholders(text: string, options: { pound?: boolean } = {}): Segment[] {
  const candidates = options.pound ? CANDIDATE_OR_POUND : CANDIDATE;
  candidates.lastIndex = 0;
  if (!candidates.test(text)) return text.length > 0 ? [{ kind: "text", value: text }] : [];
  const pound = options.pound ?? false;
  const find = closerFinder(text);
  const inBrackets = text.includes("[") ? bracketCoverage(text) : () => false;
  const out: Segment[] = [];
  /** Opening tags that are markup only if a closing tag of the same name follows: index in `out`, name. */
  const maybeMetavariables: { index: number; at: number; name: string }[] = [];
  const lastClosing = new Map<string, number>();
  let textStart = 0;
  const protect = (start: number, end: number, soft = false) => {
    if (start > textStart) out.push({ kind: "text", value: text.slice(textStart, start) });
    out.push(
      soft
        ? { kind: "protected", value: text.slice(start, end), soft }
        : { kind: "protected", value: text.slice(start, end) },
    );
    textStart = end;
  };
  let i = 0;
  while (i < text.length) {
    // On to the next place where a token may start.
    candidates.lastIndex = i;
    if (!candidates.test(text)) break;
    i = candidates.lastIndex - 1;
    const ch = text[i]!;
    const end = tokenEnd(text, i, pound, find);
    if (end > i) {
      if (ch === "<") classifyTag(text.slice(i, end), i, out.length + (i > textStart ? 1 : 0));
      // `[:LAST_PAGE]`: a name right after a usage bracket.
      protect(i, end, ch === ":" && text[i - 1] === "[" && inBrackets(i));
      i = end;
      continue;
    }
    const span =
      ch === "@"
        ? emailAround(text, i, textStart)
        : ch === ":"
          ? urlAround(text, i, textStart)
          : ch === "/"
            ? pathAround(text, i, textStart)
            : null;
    if (span) {
      protect(span.start, span.end);
      i = span.end;
      continue;
    }
    if (ch === "_" && i > textStart && isLetterOrDigit(text[i - 1]) && !beforeAt(text, i, find)) {
      let start = i - 1;
      while (start > textStart && isLetterOrDigit(text[start - 1])) start--;
      IDENTIFIER_TAIL.lastIndex = i;
      const tail = text[start - 1] === "_" ? null : IDENTIFIER_TAIL.exec(text);
      if (tail) {
        const identifier = text.slice(start, i + tail[0].length);
        const metavariable = !CODE_STAND_IN.test(identifier) && (!LOWER_CASE.test(identifier) || inBrackets(start));
        protect(start, i + tail[0].length, metavariable);
        i += tail[0].length;
        continue;
      }
    }
    i++;
  }
  if (textStart < text.length) out.push({ kind: "text", value: text.slice(textStart) });
  for (const tag of maybeMetavariables)
    if ((lastClosing.get(tag.name) ?? -1) < tag.at) out[tag.index] = { ...out[tag.index]!, soft: true } as Segment;
  return out;

  /**
   * Markup: attributes with `=`, self-closing, a closing tag, closed later in the string, or an
   * HTML element that needs no closing tag (or has attributes). A bare `<object>` never closed
   * names a thing, as `<file>` does.
   */
  function classifyTag(tag: string, at: number, index: number): void {
    const head = TAG_HEAD.exec(tag);
    if (!head) return;
    const name = head[2]!;
    if (head[1]) lastClosing.set(name, at);
    else if (!tag.endsWith("/>") && !tag.includes("=") && mayNameAThing(tag, name.toLowerCase()))
      maybeMetavariables.push({ index, at, name });
  }
}

/** A tag that is a metavariable unless a closing tag of its name follows. */
function mayNameAThing(tag: string, name: string): boolean {
  if (!HTML_ELEMENTS.has(name)) return true;
  return BARE_TAG.test(tag) && !UNCLOSED_MARKUP.has(name);
}

/** `first_last@example.com`: the underscore is part of an e-mail address, found from its `@`. */
function beforeAt(text: string, at: number, find: (closer: string, from: number) => number): boolean {
  const sign = find("@", at);
  if (sign < 0 || sign - at > 64) return false;
  for (let j = at + 1; j < sign; j++) if (!LOCAL_PART_CHAR.test(text[j]!)) return false;
  return true;
}
