import type { Segment } from "./segment.js";

/**
 * The placeholder syntaxes of the file formats a localization CLI handles, found in one
 * left-to-right pass. A rule is tried only where its first character is, consumes at most up
 * to the next occurrence of its own delimiter (or a few dozen characters), and a failed
 * attempt never causes a rescan, so a scan is linear in the length of the text.
 */
const PRINTF =
  /%(?:\d{1,3}\$)?[-+0#']{0,5}(?:\d{1,3}|\*)?(?:\.(?:\d{1,3}|\*))?(?:hh|h|ll|l|L|q|z|j|t)?[sdifuxXoeEgGcpaA@%]/y;

const RULES: Readonly<Record<string, readonly RegExp[]>> = {
  "{": [
    /\{\{\{[^{}]*\}\}\}/y, // {{{raw}}}
    /\{\{[^{}]*\}\}/y, // {{name}}, {{count, number}}
    /\{\s*[^\s{},]+\s*(?:,[^{}]*)?\}/y, // {name}, {0}, {variable:0}, {n, number, ::currency/EUR}
    /\{\s*[^\s{},]+\s*,\s*(?:plural|selectordinal|select)\s*,/y, // the head of an ICU message that did not parse
  ],
  $: [/\$\{[^{}]*\}/y, /\$t\([^()]*\)/y], // ${name}, i18next $t(key)
  "%": [
    /%\{[^{}]*\}/y, // %{name}
    /%\([^()\s]{1,100}\)[-+ 0#]{0,5}\d{0,3}(?:\.\d{1,3})?[sdifuxXoeEgGcr]/y, // %(name)s
    /%(?:\d{1,3}\$)?#@[^@\s]{1,200}@/y, // %#@count@ (stringsdict)
    PRINTF, // %s %1$@ %lld %.2f %%
  ],
  "<": [/<\/?[A-Za-z][\w:.-]*(?:\s[^<>]*)?\/?>/y], // HTML/XML tags
  "`": [/``[^\n]*?``/y, /`[^`\n]+`/y], // markdown code spans
  "]": [/\]\([^()\s]+\)/y], // markdown link targets
  "&": [/&(?:[A-Za-z][A-Za-z0-9]{1,31}|#\d{1,7}|#[xX][0-9A-Fa-f]{1,6});/y], // &amp; &#39; &#x27;
  ":": [/(?<![\p{L}\p{N}_:]):[\p{L}_][\p{L}\p{N}_]*/uy], // :name (Laravel, Rails)
  "@": [/@(?:\.[a-z]+)?:[\w-]+(?:\.[\w-]+)*/y], // @:key, @.lower:key (vue-i18n)
  "\\": [/\\(?:u[0-9A-Fa-f]{4}|[nrt"'\\@?])/y], // \n \" \u00e9 (Android, .strings)
  "-": [/---[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*---/y], // ---CODE-PLACEHOLDER-<hash>---
};

/** `user_count`, `CODE_PLACEHOLDER_3fa9_END`: the underscores onwards of an identifier. */
const IDENTIFIER_TAIL = /(?:_[\p{L}\p{N}]+)+(?![\p{L}\p{N}_])/uy;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

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
const CANDIDATE = /[{$%<`\]&:@\\\-_]/g;
const CANDIDATE_OR_POUND = /[{$%<`\]&:@\\\-_#]/g;

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
  }
  for (const rule of RULES[ch] ?? []) {
    rule.lastIndex = at;
    const match = rule.exec(text);
    if (match) return at + match[0].length;
  }
  return -1;
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
  const out: Segment[] = [];
  let textStart = 0;
  const protect = (start: number, end: number) => {
    if (start > textStart) out.push({ kind: "text", value: text.slice(textStart, start) });
    out.push({ kind: "protected", value: text.slice(start, end) });
    textStart = end;
  };
  let i = 0;
  while (i < text.length) {
    // On to the next place where a token may start.
    candidates.lastIndex = i;
    if (!candidates.test(text)) break;
    i = candidates.lastIndex - 1;
    const end = tokenEnd(text, i, pound, find);
    if (end > i) {
      protect(i, end);
      i = end;
      continue;
    }
    if (text[i] === "_" && i > textStart && isLetterOrDigit(text[i - 1])) {
      let start = i - 1;
      while (start > textStart && isLetterOrDigit(text[start - 1])) start--;
      IDENTIFIER_TAIL.lastIndex = i;
      const tail = text[start - 1] === "_" ? null : IDENTIFIER_TAIL.exec(text);
      if (tail) {
        protect(start, i + tail[0].length);
        i += tail[0].length;
        continue;
      }
    }
    i++;
  }
  if (textStart < text.length) out.push({ kind: "text", value: text.slice(textStart) });
  return out;
}
