/** PO string literals (C syntax): the value of a quoted string, and a value written back as PO lines. */

const ESCAPES: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  a: "\x07",
  b: "\b",
  f: "\f",
  v: "\v",
  '"': '"',
  "\\": "\\",
  "'": "'",
  "?": "?",
};

/** The value of one string literal's body (without its quotes). */
export function unescapePoString(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_match, code: string) => {
    if (code.startsWith("x") && code.length > 1) return String.fromCharCode(parseInt(code.slice(1), 16));
    if (/^[0-7]+$/.test(code)) return String.fromCharCode(parseInt(code, 8));
    return ESCAPES[code] ?? code;
  });
}

/** A string literal (with its quotes) for any text: backslash, quote and control characters escaped. */
export function quotePoString(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what gets escaped
  const body = text.replace(/[\\"\u0000-\u001f\u007f]/g, (character) => {
    switch (character) {
      case "\\":
        return "\\\\";
      case '"':
        return '\\"';
      case "\n":
        return "\\n";
      case "\t":
        return "\\t";
      case "\r":
        return "\\r";
      default:
        return `\\${character.charCodeAt(0).toString(8).padStart(3, "0")}`;
    }
  });
  return `"${body}"`;
}

/**
 * `keyword "text"` as gettext writes it: one line, or, when the text has a line break before its
 * end, an empty first string and one line per line of text.
 */
export function poKeywordLines(keyword: string, text: string, prefix = ""): string[] {
  const inner = text.indexOf("\n");
  if (inner === -1 || inner === text.length - 1) return [`${prefix}${keyword} ${quotePoString(text)}`];
  const parts = text.split(/(?<=\n)/);
  return [`${prefix}${keyword} ""`, ...parts.map((part) => `${prefix}${quotePoString(part)}`)];
}
