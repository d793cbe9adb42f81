import { splitProtected, type Segment } from "./protected-segments.js";

/**
 * Non-positional printf arguments are consumed in order: a translation that moves `%d` before
 * `%zd` prints the line number as the character. So a string with two or more of them is sent to
 * every engine in positional form (`%s … %d` → `%1$s … %2$d`), which shows where each argument
 * went. An answer that keeps the order goes back to the source's spelling exactly; one that
 * reorders them keeps the positional form (what human translators write, valid for C/gettext,
 * PHP, Java, Android, Objective-C). See docs/engines.md#printf-argument-order.
 *
 * Numbers are C's argument numbers, not conversion counts: a `*` width or precision takes an
 * argument of its own before the conversion's, so `%s: %.*s` goes out as `%1$s: %3$.*2$s`, the
 * only positional spelling C and `msgfmt -c` accept (`%2$.*s` mixes both forms and is invalid).
 */

/** A printf conversion: position, flags, width, precision, then length and conversion or a `<PRI…>` macro. */
export const PRINTF_CONVERSION =
  /^%(?:(\d{1,3})\$)?([-+0#'I]{0,5})(\d{1,3}|\*(?:\d{1,3}\$)?)?(?:\.(\d{1,3}|\*(?:\d{1,3}\$)?))?((?:hh|h|ll|l|L|q|z|j|t)?[sdifuxXoeEgGcpaA@]|<PRI[A-Za-z0-9_]{1,20}>)$/;

export type PrintfOrderPlan =
  /** Nothing to number: fewer than two non-positional conversions, positional already, or a mix of both. */
  | { kind: "as-is"; text: string }
  | {
      kind: "numbered";
      /** What the engine receives: every conversion numbered in source order. */
      text: string;
      /** Each conversion as the source writes it, in source order. */
      originals: string[];
      /** Each conversion as it was sent (`%3$.*2$s`), in source order. */
      sent: string[];
    };

interface Parsed {
  positional: boolean;
  flags: string;
  width?: string;
  precision?: string;
  conversion: string;
}

function parse(token: string): Parsed | undefined {
  const match = PRINTF_CONVERSION.exec(token);
  if (!match) return undefined;
  const [, position, flags = "", width, precision, conversion = ""] = match;
  // `%*1$d` without a position of its own is invalid C: treat it as positional (never renumbered).
  const positional = position !== undefined || /\$/.test(`${width ?? ""}${precision ?? ""}`);
  return { positional, flags, width, precision, conversion };
}

/**
 * What a conversion reads, as `msgfmt -c` compares a translation's conversions with its source's:
 * its argument numbers, `*` widths and precisions, length and conversion; flags, width and
 * precision digits aside (`%2$.250s` → `%2$s`, `%-10s` → `%s`, `%.*s` stays), since a translator
 * may pad or cut an argument differently. Undefined for what is not a conversion (`%%`).
 */
export function printfArgumentShape(token: string): string | undefined {
  const match = PRINTF_CONVERSION.exec(token);
  if (!match) return undefined;
  const [, position, , width, precision, conversion = ""] = match;
  const star = (part: string | undefined, dot = "") => (part?.startsWith("*") ? `${dot}${part}` : "");
  return `%${position === undefined ? "" : `${position}$`}${star(width)}${star(precision, ".")}${conversion}`;
}

/** `%2$.*1$s` → `%.*s`: a conversion without its argument numbers. */
const unnumbered = (conversion: string) => conversion.replace(/\d+\$/g, "");

/**
 * A tag's attributes may hold conversions (`<schema id='%s'>`): C reads their arguments in the
 * string's order like any other's, so they are numbered with them. The tag stays one token.
 */
const IN_TAG = new RegExp(`%%|${PRINTF_CONVERSION.source.slice(1, -1)}`, "g");

/** The conversions of a protected segment: itself, or those inside a tag, as [start, text] pairs. */
function conversionsOf(segment: Segment): [number, string][] {
  if (segment.kind !== "protected" || segment.soft) return [];
  if (PRINTF_CONVERSION.test(segment.value)) return [[0, segment.value]];
  if (!segment.value.startsWith("<") || !segment.value.includes("%")) return [];
  return [...segment.value.matchAll(IN_TAG)].flatMap((match) => (match[0] === "%%" ? [] : [[match.index, match[0]]]));
}

/** The conversions in a tag's attributes (`<schema id='%s'>` → `%s`), in order. */
export const tagConversions = (tag: string): string[] =>
  conversionsOf({ kind: "protected", value: tag }).map(([, conversion]) => conversion);

/** A tag with its conversions' argument numbers taken out (`<key name='%2$s'>` → `<key name='%s'>`). */
export function tagWithoutArgumentNumbers(tag: string): string {
  const segment: Segment = { kind: "protected", value: tag };
  return rewrite(segment, conversionsOf(segment), unnumbered);
}

/** `segment` with each of its conversions replaced by `by(conversion, n)`, n counting across the segment. */
function rewrite(segment: Segment, conversions: [number, string][], by: (conversion: string) => string): string {
  let out = "";
  let from = 0;
  for (const [start, conversion] of conversions) {
    out += segment.value.slice(from, start) + by(conversion);
    from = start + conversion.length;
  }
  return out + segment.value.slice(from);
}

/** The text to send for `source`, and what is needed to read the answer. */
export function printfOrderPlan(source: string): PrintfOrderPlan {
  if (!source.includes("%")) return { kind: "as-is", text: source };
  const segments = splitProtected(source);
  const conversions = segments.map(conversionsOf);
  const found = conversions.flat().map(([, conversion]) => parse(conversion)!);
  if (found.length < 2 || found.some((c) => c.positional)) return { kind: "as-is", text: source };
  let argument = 0;
  const star = (part: string | undefined) => (part === "*" ? `*${++argument}$` : (part ?? ""));
  const originals: string[] = [];
  const sent: string[] = [];
  const number = (conversion: string) => {
    const c = parse(conversion)!;
    const width = star(c.width);
    const precision = c.precision === undefined ? "" : `.${star(c.precision)}`;
    const numbered = `%${++argument}$${c.flags}${width}${precision}${c.conversion}`;
    originals.push(conversion);
    sent.push(numbered);
    return numbered;
  };
  const text = segments
    .map((segment, index) =>
      conversions[index]!.length === 0 ? segment.value : rewrite(segment, conversions[index]!, number),
    )
    .join("");
  return { kind: "numbered", text, originals, sent };
}

/**
 * The final text of an answer to `plan.text` that passed output validation (so it has every
 * numbered conversion exactly once, its flags, width and precision perhaps the translator's own):
 * the conversions unnumbered when the order is the source's (`%1$d … %2$.250s` → `%d … %.250s`,
 * the source's spelling when the answer kept it), the positional form when it changed.
 */
export function restorePrintfOrder(plan: PrintfOrderPlan, answer: string): string {
  if (plan.kind === "as-is") return answer;
  const segments = splitProtected(answer);
  const shapes = plan.sent.map(printfArgumentShape);
  const indexOf = (conversion: string) => {
    const exact = plan.sent.indexOf(conversion);
    return exact >= 0 ? exact : shapes.indexOf(printfArgumentShape(conversion));
  };
  const conversions = segments.map(conversionsOf);
  const order = conversions
    .flat()
    .map(([, conversion]) => indexOf(conversion))
    .filter((index) => index >= 0);
  const kept = order.every((index, position) => index === position);
  if (!kept) return answer;
  return segments
    .map((segment, at) =>
      rewrite(segment, conversions[at]!, (conversion) => {
        const index = indexOf(conversion);
        if (index < 0) return conversion;
        return conversion === plan.sent[index] ? plan.originals[index]! : unnumbered(conversion);
      }),
    )
    .join("");
}
