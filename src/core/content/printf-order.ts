import { splitProtected } from "./protected-segments.js";

/**
 * Non-positional printf arguments are consumed in order: a translation that moves `%d` before
 * `%zd` prints the line number as the character. So a string with two or more of them is sent to
 * every engine in positional form (`%s … %d` → `%1$s … %2$d`), which shows where each argument
 * went. An answer that keeps the order goes back to the source's spelling exactly; one that
 * reorders them keeps the positional form (what human translators write, valid for C/gettext,
 * PHP, Java, Android, Objective-C); one whose format cannot take positions (a `*` width or
 * precision) and changed the order is refused. See docs/engines.md#printf-argument-order.
 */

/** A printf conversion as the placeholder scanner finds it: position, flags, width, precision, length, conversion. */
const CONVERSION =
  /^%(?:(\d{1,3})\$)?([-+0#']{0,5}(?:\d{1,3}|\*)?(?:\.(?:\d{1,3}|\*))?(?:hh|h|ll|l|L|q|z|j|t)?[sdifuxXoeEgGcpaA@])$/;

export type PrintfOrderPlan =
  /** Nothing to number: fewer than two non-positional conversions, positional already, or a mix of both. */
  | { kind: "as-is"; text: string }
  | {
      kind: "numbered";
      /** What the engine receives: every conversion numbered in source order. */
      text: string;
      /** Each conversion as the source writes it, by number - 1. */
      originals: string[];
      /** The conversions without their `%`, by number - 1 (`%2$zd` is `2$` + `zd`). */
      specs: string[];
      /** False when a `*` width or precision forbids positional form in the result. */
      rewritable: boolean;
    };

export type PrintfOrderResult = { ok: true; text: string } | { ok: false; problem: string };

/** The text to send for `source`, and what is needed to read the answer. */
export function printfOrderPlan(source: string): PrintfOrderPlan {
  if (!source.includes("%")) return { kind: "as-is", text: source };
  const segments = splitProtected(source);
  let positional = 0;
  const specs: string[] = [];
  for (const segment of segments) {
    if (segment.kind !== "protected") continue;
    const match = CONVERSION.exec(segment.value);
    if (!match) continue;
    if (match[1] !== undefined) positional++;
    else specs.push(match[2]!);
  }
  if (specs.length < 2 || positional > 0) return { kind: "as-is", text: source };
  let number = 0;
  const originals: string[] = [];
  const text = segments
    .map((segment) => {
      if (segment.kind !== "protected" || !CONVERSION.test(segment.value)) return segment.value;
      originals.push(segment.value);
      return `%${++number}$${specs[number - 1]!}`;
    })
    .join("");
  return { kind: "numbered", text, originals, specs, rewritable: specs.every((spec) => !spec.includes("*")) };
}

/**
 * The final text of an answer to `plan.text` that passed output validation (so it has every
 * numbered conversion exactly once): the source's spelling when the order is the source's, the
 * positional form when it changed, or a problem when the format cannot be rewritten.
 */
export function restorePrintfOrder(plan: PrintfOrderPlan, answer: string): PrintfOrderResult {
  if (plan.kind === "as-is") return { ok: true, text: answer };
  const segments = splitProtected(answer);
  const order: number[] = [];
  for (const segment of segments) {
    const number = numberOf(plan, segment.kind === "protected" ? segment.value : "");
    if (number > 0) order.push(number);
  }
  const kept = order.every((number, index) => number === index + 1);
  if (!kept) {
    if (plan.rewritable) return { ok: true, text: answer };
    const moved = order.map((number) => plan.originals[number - 1]!).join(", ");
    return {
      ok: false,
      problem: `printf arguments reordered (${moved}) in a format that cannot take positions (a * width or precision)`,
    };
  }
  return {
    ok: true,
    text: segments
      .map((segment) => {
        const number = numberOf(plan, segment.kind === "protected" ? segment.value : "");
        return number > 0 ? plan.originals[number - 1]! : segment.value;
      })
      .join(""),
  };
}

/** The number of a conversion of `plan` (`%2$zd` → 2), or 0 for anything else. */
function numberOf(plan: Extract<PrintfOrderPlan, { kind: "numbered" }>, token: string): number {
  const match = CONVERSION.exec(token);
  if (!match || match[1] === undefined) return 0;
  const number = Number(match[1]);
  return plan.specs[number - 1] === match[2] ? number : 0;
}
