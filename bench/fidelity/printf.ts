/**
 * C printf conversions as gettext's `c-format` reads them, for measuring translations: the
 * instrument has its own reader on purpose, so that a gap in Glossa's placeholder rules cannot
 * hide itself. Pure functions.
 */

export interface Conversion {
  /** As written, e.g. `%2$-10.3ld`, `%3$.*2$s`, `%<PRIuMAX>`. */
  raw: string;
  /** Where it starts in the text. */
  index: number;
  /** `n` of `%n$…`, when positional. */
  position?: number;
  /** `m` of each `*m$` width or precision, when positional. */
  starPositions?: number[];
  /** The conversion without any position: `%-10.3ld`, `%.*s`. */
  spec: string;
}

// % [n$] [flags] [width | * | *m$] [. precision | * | *m$] [length] conversion, or `%<PRI…>`
// (gettext's system-dependent macros), or `%%`.
const CONVERSION =
  /%(?:%|(\d+\$)?([-+ #0'I]*)(\d+|\*(?:\d+\$)?)?(\.(?:\d+|\*(?:\d+\$)?)?)?(hh|h|ll|l|L|q|j|z|Z|t)?([diouxXeEfFgGaAcCsSpnm]|<PRI\w+>))/g;

const STAR_POSITION = /\*(\d+)\$/;

/** Every conversion of `text` in order, `%%` left out. */
export function printfConversions(text: string): Conversion[] {
  const found: Conversion[] = [];
  for (const match of text.matchAll(CONVERSION)) {
    if (match[0] === "%%") continue;
    const [raw, position, flags = "", width = "", precision = "", length = "", conversion = ""] = match;
    const starPositions = [width, precision].flatMap((part) => {
      const star = STAR_POSITION.exec(part);
      return star ? [Number(star[1])] : [];
    });
    const unnumbered = (part: string) => part.replace(STAR_POSITION, "*");
    found.push({
      raw,
      index: match.index,
      ...(position ? { position: Number(position.slice(0, -1)) } : {}),
      ...(starPositions.length > 0 ? { starPositions } : {}),
      spec: `%${flags}${unnumbered(width)}${unnumbered(precision)}${length}${conversion}`,
    });
  }
  return found;
}

/** How many `*` widths and precisions a conversion takes (an argument each, before its own). */
const starCount = (c: Conversion) => (c.spec.match(/\*/g) ?? []).length;

/**
 * The C argument numbers each conversion reads, its own last (`%s: %.*s` → [1], [2, 3]):
 * positional ones as written, others counted in order, a `*` taking one of its own.
 */
export function argumentNumbers(conversions: readonly Conversion[]): number[][] {
  let next = 0;
  return conversions.map((c) =>
    c.position !== undefined
      ? [...(c.starPositions ?? []), c.position]
      : [...Array.from({ length: starCount(c) }, () => ++next), ++next],
  );
}

const sortedSpecs = (conversions: readonly Conversion[]) => conversions.map((c) => c.spec).sort();

/** The same conversions, as many times each, whatever their order and numbering. */
export function sameConversionSet(source: string, output: string): boolean {
  const a = sortedSpecs(printfConversions(source));
  const b = sortedSpecs(printfConversions(output));
  return a.length === b.length && a.every((spec, index) => spec === b[index]);
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
  if (to.some((c) => (c.starPositions?.length ?? 0) !== starCount(c))) return "wrong";
  const key = (spec: string, numbers: readonly number[]) => `${numbers.join(",")} ${spec}`;
  const wanted = argumentNumbers(from).map((numbers, index) => key(from[index]!.spec, numbers));
  const given = argumentNumbers(to).map((numbers, index) => key(to[index]!.spec, numbers));
  const right = wanted.length === given.length && [...wanted].sort().join("|") === [...given].sort().join("|");
  return right ? "positional" : "wrong";
}

/** Whether the output holds the source's non-positional conversions in another order, still non-positional. */
export function silentlyReordered(source: string, output: string): boolean {
  const from = printfConversions(source);
  const to = printfConversions(output);
  if (to.some((c) => c.position !== undefined) || from.some((c) => c.position !== undefined)) return false;
  return sameConversionSet(source, output) && from.some((c, index) => c.spec !== to[index]!.spec);
}

/**
 * Non-positional conversions given C's argument numbers in order (`%s … %d` → `%1$s … %2$d`,
 * `%s: %.*s` → `%1$s: %3$.*2$s`); positional text is left alone.
 */
export function toPositional(text: string): string {
  const conversions = printfConversions(text);
  if (conversions.some((c) => c.position !== undefined)) return text;
  const numbers = argumentNumbers(conversions);
  let result = "";
  let at = 0;
  conversions.forEach((c, index) => {
    const stars = numbers[index]!.slice(0, -1);
    const numbered = c.spec.slice(1).replace(/\*/g, () => `*${stars.shift()!}$`);
    result += `${text.slice(at, c.index)}%${numbers[index]!.at(-1)!}$${numbered}`;
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
