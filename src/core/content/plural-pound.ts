import { poundCount, type IcuBranch, type IcuChoice, type IcuPart } from "./icu-message.js";
import { categoryToken, formTag, type PluralBranchPlan } from "./plural-categories.js";
import { restoreNumber, writesNumber } from "./plural-number.js";

/**
 * How a plural form's number is written in the unit sent to an engine, and read back from its
 * answer (docs/engines.md#plural-categories-the-targets): `{#}` as in the source, `{#few}` for
 * engines told the category by name, a `{plural:few}` tag before a form that writes no number,
 * or a number of the category (`2` for Polish `few`) for engines that translate sentences.
 */

/** How plural categories are written for the engine (its `writesPluralCategories` trait). */
export interface PluralTarget {
  sourceLocale: string;
  targetLocale: string;
  /** `named`: `{#few}` in place of `#`; `numbered`: a number of the category (`2` for Polish `few`). */
  numbers: "named" | "numbered";
}

/** How a unit writes its plural's `#`, and how a translation writes it back. */
export type Pound =
  | { kind: "placeholder" }
  | { kind: "named"; token: string }
  /** A form whose branch does not write its number: the unit starts with the form's tag (`{plural:few}`). */
  | { kind: "tagged"; tag: string }
  | { kind: "numbered"; n: number; count: number; locale: string; category: string };

export const PLACEHOLDER: Pound = { kind: "placeholder" };

export const poundText = (pound: Pound) =>
  pound.kind === "named" ? pound.token : pound.kind === "numbered" ? String(pound.n) : "{#}";

/** How the `#` of a target branch is written: `=N` branches keep `{#}`; categories by name or by a number. */
export function targetPound(
  plurals: PluralTarget,
  choice: IcuChoice,
  source: IcuBranch,
  plan: readonly PluralBranchPlan[],
  branch: PluralBranchPlan = plan.find((entry) => entry.key === source.key)!,
): Pound {
  if (branch.key.startsWith("=") || !branch.numbers) return PLACEHOLDER;
  const ordinal = choice.type === "selectordinal";
  const type = ordinal ? "ordinal" : "cardinal";
  const count = poundCount(source.parts);
  if (plurals.numbers === "named")
    return count > 0
      ? { kind: "named", token: categoryToken(branch.key, type) }
      : { kind: "tagged", tag: formTag(branch.key, type) };
  const literal = literalText(source.parts);
  const n = branch.numbers.slice(0, 50).find((candidate) => !writesNumber(literal, candidate, plurals.targetLocale));
  if (count === 0 || n === undefined) return PLACEHOLDER;
  return { kind: "numbered", n, count, locale: plurals.targetLocale, category: branch.key };
}

const literalText = (parts: readonly IcuPart[]): string =>
  parts
    .map((part) =>
      part.kind === "run"
        ? part.elements
            .map((element) =>
              element.kind === "literal" ? element.value : element.kind === "argument" ? element.raw : "",
            )
            .join(" ")
        : part.branches.map((branch) => literalText(branch.parts)).join(" "),
    )
    .join(" ");

/** A unit's translation with its plural's number written `{#}` again; null when the number was lost. */
export function withPound(output: string, pound: Pound): string | null {
  if (pound.kind === "placeholder") return output;
  if (pound.kind === "named") return output.split(pound.token).join("{#}");
  if (pound.kind === "tagged") return withoutTag(output, pound.tag);
  return restoreNumber(output, pound.n, pound.count, pound.locale, "{#}");
}

/** The translation without the form's tag, and without the second of the spaces that stood around it. */
function withoutTag(output: string, tag: string): string {
  const at = output.indexOf(tag);
  if (at < 0) return output;
  const before = output.slice(0, at);
  const after = output.slice(at + tag.length);
  return /\s$/.test(before) && /^\s/.test(after) ? before + after.slice(1) : before + after;
}
