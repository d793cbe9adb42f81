/**
 * C printf conversions as gettext's `c-format` reads them, for measuring translations: the
 * instrument has its own reader on purpose, so that a gap in Glossa's placeholder rules cannot
 * hide itself. Pure functions.
 */

export interface Conversion {
  /** As written, e.g. `%2$-10.3ld`, `%<PRIuMAX>`. */
  raw: string;
  /** Where it starts in the text. */
  index: number;
  /** `n` of `%n$…`, when positional. */
  position?: number;
  /** The conversion without its position: `%-10.3ld`. */
  spec: string;
}

// % [n$] [flags] [width | * | *m$] [. precision | * | *m$] [length] conversion, or `%<PRI…>`
// (gettext's system-dependent macros), or `%%`.
const CONVERSION =
  /%(?:%|(\d+\$)?([-+ #0'I]*)(\d+|\*(?:\d+\$)?)?(\.(?:\d+|\*(?:\d+\$)?)?)?(hh|h|ll|l|L|q|j|z|Z|t)?([diouxXeEfFgGaAcCsSpnm]|<PRI\w+>))/g;

/** Every conversion of `text` in order, `%%` left out. */
export function printfConversions(text: string): Conversion[] {
  const found: Conversion[] = [];
  for (const match of text.matchAll(CONVERSION)) {
    if (match[0] === "%%") continue;
    const [raw, position, flags = "", width = "", precision = "", length = "", conversion = ""] = match;
    found.push({
      raw,
      index: match.index,
      ...(position ? { position: Number(position.slice(0, -1)) } : {}),
      spec: `%${flags}${width}${precision}${length}${conversion}`,
    });
  }
  return found;
}

const sortedSpecs = (conversions: readonly Conversion[]) => conversions.map((c) => c.spec).sort();

/** The same conversions, as many times each, whatever their order and numbering. */
export function sameConversionSet(source: string, output: string): boolean {
  const a = sortedSpecs(printfConversions(source));
  const b = sortedSpecs(printfConversions(output));
  return a.length === b.length && a.every((spec, index) => spec === b[index]);
}

/** The source's arguments by number (1-based): positional ones by their own number, others in order. */
function argumentsOf(conversions: readonly Conversion[]): Map<number, string> {
  return new Map(conversions.map((c, index) => [c.position ?? index + 1, c.spec]));
}

export type OrderVerdict = "kept" | "positional" | "wrong";

/**
 * Whether the output consumes the source's arguments right: non-positional conversions in the
 * source's order ("kept"), or every conversion positional with each `%n$` the source's n-th
 * argument of the same spec ("positional", the rewrite translators make). Anything else,
 * including a mix of both forms, is "wrong".
 */
export function argumentOrder(source: string, output: string): OrderVerdict {
  const from = printfConversions(source);
  const to = printfConversions(output);
  if (to.every((c) => c.position === undefined)) {
    const kept = from.length === to.length && from.every((c, index) => c.spec === to[index]!.spec);
    return kept && from.every((c) => c.position === undefined) ? "kept" : "wrong";
  }
  if (to.some((c) => c.position === undefined)) return "wrong";
  const wanted = argumentsOf(from);
  const used = new Set(to.map((c) => c.position!));
  const right = to.every((c) => wanted.get(c.position!) === c.spec) && used.size === wanted.size;
  return right ? "positional" : "wrong";
}

/** Whether the output holds the source's non-positional conversions in another order, still non-positional. */
export function silentlyReordered(source: string, output: string): boolean {
  const from = printfConversions(source);
  const to = printfConversions(output);
  if (to.some((c) => c.position !== undefined) || from.some((c) => c.position !== undefined)) return false;
  return sameConversionSet(source, output) && from.some((c, index) => c.spec !== to[index]!.spec);
}

/** Non-positional conversions numbered in order (`%s … %d` → `%1$s … %2$d`); positional text is left alone. */
export function toPositional(text: string): string {
  const conversions = printfConversions(text);
  if (conversions.some((c) => c.position !== undefined)) return text;
  let result = "";
  let at = 0;
  conversions.forEach((c, index) => {
    result += `${text.slice(at, c.index)}%${index + 1}$${c.spec.slice(1)}`;
    at = c.index + c.raw.length;
  });
  return result + text.slice(at);
}

/** Positional numbers taken out (`%1$s` → `%s`). */
export function withoutPositions(text: string): string {
  let result = "";
  let at = 0;
  for (const c of printfConversions(text)) {
    result += text.slice(at, c.index) + c.spec;
    at = c.index + c.raw.length;
  }
  return result + text.slice(at);
}

/** The text with the first two conversions' places exchanged (a careless model's mistake). */
export function swapFirstTwo(text: string): string {
  const [first, second] = printfConversions(text);
  if (!first || !second) return text;
  return (
    text.slice(0, first.index) +
    second.raw +
    text.slice(first.index + first.raw.length, second.index) +
    first.raw +
    text.slice(second.index + second.raw.length)
  );
}
