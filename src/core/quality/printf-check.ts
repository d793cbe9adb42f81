import { type Check, type Finding, NO_FINDINGS } from "./finding.js";
import { PRINTF_CONVERSION } from "../content/printf-order.js";
import { describeDifferences, differences, sameSequence } from "./tokens.js";
import { tokensOf } from "./text-facts.js";

/**
 * printf conversions: the translation must consume the source's arguments, each with the same
 * type, in the same order — or number them (`%2$s … %1$s`), which is how a translation reorders
 * them. The type of an argument is its length modifier and conversion (`%5lu` and `%lu` read the
 * same argument; `%d` and `%i` too); a `*` width or precision reads an `int` of its own.
 *
 * Two conversions of the same type exchanged (`%s … %-20s` written `%-20s … %s`) are an error
 * too: each argument is printed with the other's width or precision. Two identical `%s`
 * exchanged give the very same text: nothing in the string can tell (docs/quality.md#printf).
 */
interface Conversion {
  spelling: string;
  /** The spelling without its argument numbers. */
  shape: string;
  /** C's argument numbers this conversion reads (`*` arguments first), and their types. */
  reads: { argument: number; type: string }[];
}

const typeOf = (conversion: string) => {
  const letter = conversion.slice(-1);
  if (conversion.startsWith("<")) return conversion;
  const length = conversion.slice(0, -1);
  if (letter === "i") return `${length}d`;
  if ("xXou".includes(letter)) return `${length}u`;
  if ("eEfgGaA".includes(letter)) return `${length}f`;
  return conversion;
};

function parse(tokens: readonly string[]): { conversions: Conversion[]; positional: boolean; mixed: boolean } {
  let next = 0;
  let numbered = 0;
  const conversions = tokens.map((token): Conversion => {
    const [, position, flags = "", width, precision, conversion = ""] = PRINTF_CONVERSION.exec(token)!;
    const reads: Conversion["reads"] = [];
    const star = (part: string | undefined) => {
      if (part === undefined || !part.startsWith("*")) return;
      const at = /^\*(\d+)\$$/.exec(part);
      if (at) numbered++;
      reads.push({ argument: at ? Number(at[1]) : ++next, type: "int" });
    };
    star(width);
    star(precision);
    if (position !== undefined) numbered++;
    reads.push({ argument: position !== undefined ? Number(position) : ++next, type: typeOf(conversion) });
    const plain = (part: string | undefined) => (part?.startsWith("*") ? "*" : (part ?? ""));
    const shape = `%${flags}${plain(width)}${precision === undefined ? "" : `.${plain(precision)}`}${conversion}`;
    return { spelling: token, shape, reads };
  });
  return { conversions, positional: numbered > 0, mixed: numbered > 0 && next > 0 };
}

const argumentTypes = (conversions: readonly Conversion[]) => {
  const types = new Map<number, string>();
  for (const conversion of conversions) for (const read of conversion.reads) types.set(read.argument, read.type);
  return types;
};

const finding = (message: string): Finding => ({ check: "printf", severity: "error", message });

export const printfCheck: Check = ({ source, translation }) => {
  // The source's conversions as written, in its order: every argument read as the source reads it.
  if (sameSequence(tokensOf(source).printf, tokensOf(translation).printf)) return NO_FINDINGS;
  const expected = parse(tokensOf(source).printf);
  const actual = parse(tokensOf(translation).printf);
  if (actual.mixed) return [finding("numbered and unnumbered printf conversions are mixed, which C does not allow.")];
  const shapes = differences(
    expected.conversions.map((c) => c.shape),
    actual.conversions.map((c) => c.shape),
  );
  const wanted = argumentTypes(expected.conversions);
  const got = argumentTypes(actual.conversions);
  const sameArguments = wanted.size === got.size && [...wanted].every(([argument, type]) => got.get(argument) === type);
  const sameShapes = shapes.lost.length === 0 && shapes.invented.length === 0;
  const unnumbered = !expected.positional && !actual.positional;
  if (sameShapes && unnumbered) {
    // The same conversions: in the source's order, or exchanged (of different types or not).
    const order = actual.conversions.map((c) => c.shape);
    if (expected.conversions.every((c, index) => c.shape === order[index])) return NO_FINDINGS;
    return [
      finding(
        `printf conversions are in another order than the source's (${expected.conversions.map((c) => c.spelling).join(" … ")}): number them (%1$s, %2$d) to reorder.`,
      ),
    ];
  }
  if (sameArguments) return NO_FINDINGS;
  const listed = describeDifferences(
    differences(
      expected.conversions.map((c) => c.spelling),
      actual.conversions.map((c) => c.spelling),
    ),
  );
  if (!sameShapes || unnumbered) return [finding(`printf conversions differ from the source's: ${listed}.`)];
  return [finding("the numbered printf conversions do not read the source's arguments with their types.")];
};
