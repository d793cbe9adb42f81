/**
 * Splits a UI string into translatable text and protected tokens that every engine must
 * return untouched: `{name}`, `{{name}}`, printf (`%s`, `%1$d`), ICU argument syntax
 * (`{n, plural, one {# item} other {# items}}` keeps its skeleton, its messages are text),
 * HTML/XML tags, markdown code spans and link targets.
 */
export type Segment = { kind: "text"; value: string } | { kind: "protected"; value: string };

const TAG = /^<\/?[A-Za-z][\w:.-]*(?:\s[^<>]*)?\/?>/;
const DOUBLE_MUSTACHE = /^\{\{[^{}]*\}\}/;
// No space flag: "50% off" is prose far more often than `% o` is a printf conversion.
const PRINTF = /^%(?:\d+\$)?[-+0#']*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|L|z|j|t)?[sdifuxXoeEgGcpaA@%]/;
const CODE_SPAN = /^`[^`\n]+`/;
const LINK_TARGET = /^\]\([^()\s]+\)/;
const ICU_SIMPLE = /^\{\s*[\w.-]+\s*\}/;
const ICU_HEAD = /^\{\s*[\w.-]+\s*,\s*(plural|selectordinal|select|number|date|time)\s*(,)?/;
const ICU_SELECTOR = /^\s*(?:offset:\d+\s*)?(=\d+|[\w-]+)\s*\{/;

export function splitProtected(input: string): Segment[] {
  return mergeAdjacent(parseSegments(input));
}

function parseSegments(input: string): Segment[] {
  const segments: Segment[] = [];
  const parsed = parseMessage(input, 0, false, segments);
  if (parsed !== input.length) {
    // Unbalanced ICU braces: fall back to protecting only the flat tokens.
    segments.length = 0;
    parseMessage(input, 0, false, segments, true);
  }
  return segments;
}

/** Protected tokens one by one (an ICU head, a selector, `}`, `#`, a tag…), not merged when adjacent. */
export function protectedAtoms(input: string): string[] {
  return parseSegments(input)
    .filter((segment) => segment.kind === "protected")
    .map((segment) => segment.value.trim())
    .filter((token) => token.length > 0);
}

export function protectedTokens(input: string): string[] {
  return splitProtected(input)
    .filter((segment) => segment.kind === "protected")
    .map((segment) => segment.value.trim())
    .filter((token) => token.length > 0);
}

/** Parses a message until its end or an unmatched `}`; returns the index it stopped at. */
function parseMessage(input: string, start: number, inPlural: boolean, out: Segment[], flat = false): number {
  let i = start;
  let text = "";
  const flush = () => {
    if (text) out.push({ kind: "text", value: text });
    text = "";
  };
  const protect = (value: string) => {
    flush();
    out.push({ kind: "protected", value });
  };
  while (i < input.length) {
    const rest = input.slice(i);
    const ch = input[i];
    if (ch === "}" && !flat) break;
    const flatMatch =
      (ch === "<" && TAG.exec(rest)) ||
      (ch === "{" && DOUBLE_MUSTACHE.exec(rest)) ||
      (ch === "%" && PRINTF.exec(rest)) ||
      (ch === "`" && CODE_SPAN.exec(rest)) ||
      (ch === "]" && LINK_TARGET.exec(rest)) ||
      (ch === "{" && ICU_SIMPLE.exec(rest));
    if (flatMatch) {
      protect(flatMatch[0]);
      i += flatMatch[0].length;
      continue;
    }
    if (ch === "#" && inPlural) {
      protect("#");
      i += 1;
      continue;
    }
    const head = ch === "{" && !flat ? ICU_HEAD.exec(rest) : null;
    if (head) {
      const end = parseIcuArgument(input, i, head, out, flush);
      if (end !== null) {
        i = end;
        continue;
      }
    }
    text += ch;
    i += 1;
  }
  flush();
  return i;
}

function parseIcuArgument(
  input: string,
  start: number,
  head: RegExpExecArray,
  out: Segment[],
  flush: () => void,
): number | null {
  const type = head[1];
  const mark = out.length;
  flush();
  if (type === "number" || type === "date" || type === "time" || !head[2]) {
    const close = input.indexOf("}", start);
    if (close < 0) return null;
    out.push({ kind: "protected", value: input.slice(start, close + 1) });
    return close + 1;
  }
  out.push({ kind: "protected", value: head[0] });
  let i = start + head[0].length;
  for (;;) {
    const closing = /^\s*\}/.exec(input.slice(i));
    if (closing) {
      out.push({ kind: "protected", value: closing[0] });
      return i + closing[0].length;
    }
    const selector = ICU_SELECTOR.exec(input.slice(i));
    if (!selector) {
      out.length = mark;
      return null;
    }
    out.push({ kind: "protected", value: selector[0] });
    i = parseMessage(input, i + selector[0].length, type !== "select", out);
    if (input[i] !== "}") {
      out.length = mark;
      return null;
    }
    out.push({ kind: "protected", value: "}" });
    i += 1;
  }
}

/** Joins neighbouring text segments; protected tokens stay one segment each. */
function mergeAdjacent(segments: Segment[]): Segment[] {
  const merged: Segment[] = [];
  for (const segment of segments) {
    const last = merged[merged.length - 1];
    if (last && last.kind === "text" && segment.kind === "text") last.value += segment.value;
    else merged.push({ ...segment });
  }
  return merged;
}
