import { keepEdgeWhitespace } from "./edge-whitespace.js";
import { scanPlaceholders } from "./flat-placeholders.js";
import { parseIcuChoices, writesPound, type IcuBranch, type IcuChoice, type IcuPart } from "./icu-message.js";
import { planPluralBranches, type PluralBranchPlan } from "./plural-categories.js";
import { PLACEHOLDER, poundText, targetPound, withPound, type Pound, type PluralTarget } from "./plural-pound.js";

/**
 * Per-branch translation of ICU messages. Each plural/select branch's text becomes its own
 * unit — its literal text unquoted, simple arguments as written, the plural's `#` as `{#}`,
 * every nested plural/select as `{#1}`, `{#2}`… — and so does the text around a top-level
 * plural/select. `rebuild` puts the translations back into the source's skeleton (argument
 * names, selector keys and their order untouched), quoting apostrophes and `#` the way ICU
 * needs. With `plurals`, a plural/selectordinal gets the target language's categories, each a
 * unit of its own (docs/engines.md#plural-categories-the-targets): its number is `{#few}` for
 * engines told the category by name, or a number of that category for engines that translate
 * sentences, put back as `#`. A string without plural/select, or whose literal text contains
 * quoted braces, is one unit, returned as translated.
 */
export interface IcuUnitPlan {
  /** The strings to translate, in order. */
  units: string[];
  /** For each unit, the index of the input string it comes from. */
  owners: number[];
  /** The translated input strings, given one output per unit. */
  rebuild(outputs: readonly string[]): string[];
  /** Why a unit's output cannot be used (the number of its plural category did not come back), if so. */
  problem(unit: number, output: string): string | undefined;
}

/** A message expands into at most this many units (nested plurals multiply); beyond, it keeps the source's categories. */
export const MAX_UNITS_PER_MESSAGE = 500;

interface MessageNode {
  /** The branch's text as a unit (without a form tag). */
  unit: string;
  /** What is sent: the unit, after the form's tag when it has one. */
  sent: string;
  pound: Pound;
  /** The source as written, with `{#k}` in place of nested plural/select arguments. */
  raw: string;
  /** Index into `units`, or -1 when the unit has no text to translate and is kept as it is. */
  slot: number;
  style: IcuStyle;
  choices: ChoiceNode[];
}

interface IcuStyle {
  /** The source writes every apostrophe as `''` (Java MessageFormat style): so will the translation. */
  doubleApostrophes: boolean;
  /** Directly in a plural branch: a literal `#` must be quoted. */
  inPlural: boolean;
  /** In a branch: a `}` follows, so a trailing apostrophe must be doubled too. */
  inBranch: boolean;
}

interface ChoiceNode {
  /** The skeleton: head up to the first branch's `{`, then `} key {` between branches, then the closing braces. */
  skeleton: string[];
  branches: MessageNode[];
}

class TooManyUnits extends Error {}

interface Build {
  text: string;
  pending: string[];
  plurals: PluralTarget | undefined;
}

const SLOT = /\{#(\d*)\}/g;

export function icuUnits(texts: readonly string[], plurals?: PluralTarget): IcuUnitPlan {
  const units: string[] = [];
  const owners: number[] = [];
  const pounds: Pound[] = [];
  const roots = texts.map((text, owner) => {
    const parts = parseIcuChoices(text);
    const built = parts && splittable(parts) ? rootNode(text, parts, plurals) : null;
    for (const unit of built ? built.pending : [text]) {
      owners.push(owner);
      units.push(unit);
    }
    if (!built) {
      pounds.push(PLACEHOLDER);
      return units.length - 1;
    }
    const root = offsetSlots(built.root, units.length - built.pending.length);
    collectPounds(root, pounds);
    return root;
  });
  return {
    units,
    owners,
    rebuild: (outputs) => {
      if (outputs.length !== units.length) throw new RangeError(`expected ${units.length} outputs`);
      return roots.map((root) => (typeof root === "number" ? outputs[root]! : render(root, outputs)));
    },
    problem: (unit, output) => {
      const pound = pounds[unit];
      if (pound?.kind !== "numbered" || output === units[unit]) return undefined;
      return withPound(output, pound) === null
        ? `the number ${pound.n} given for the plural form "${pound.category}" did not come back`
        : undefined;
    },
  };
}

/** The message's tree and its units; with the target's categories unless that makes too many units. */
function rootNode(text: string, parts: readonly IcuPart[], plurals: PluralTarget | undefined) {
  const build = (target: PluralTarget | undefined) => {
    const pending: string[] = [];
    const root = messageNode({ text, pending, plurals: target }, parts, rootStyle(text), PLACEHOLDER);
    return { root, pending };
  };
  if (!plurals) return build(undefined);
  try {
    return build(plurals);
  } catch (error) {
    if (error instanceof TooManyUnits) return build(undefined);
    throw error;
  }
}

/** Each unit's pound, in unit order (slots are numbered in the order units were added). */
function collectPounds(node: MessageNode, into: Pound[]): void {
  for (const choice of node.choices) for (const branch of choice.branches) collectPounds(branch, into);
  if (node.slot >= 0) into[node.slot] = node.pound;
}

const rootStyle = (text: string): IcuStyle => ({
  doubleApostrophes: text.includes("''"),
  inPlural: false,
  inBranch: false,
});

/** Literal text with braces was quoted in the source (`'{'`): such a message stays whole. */
function splittable(parts: readonly IcuPart[]): boolean {
  return parts.every((part) =>
    part.kind === "choice"
      ? part.branches.every((branch) => splittable(branch.parts))
      : part.elements.every((element) => element.kind !== "literal" || !/[{}]/.test(element.value)),
  );
}

function messageNode(build: Build, parts: readonly IcuPart[], style: IcuStyle, pound: Pound): MessageNode {
  let unit = "";
  let raw = "";
  const choices: ChoiceNode[] = [];
  for (const part of parts) {
    if (part.kind === "choice") {
      choices.push(choiceNode(build, part, style));
      unit += `{#${choices.length}}`;
      raw += `{#${choices.length}}`;
      continue;
    }
    raw += build.text.slice(part.start, part.end);
    for (const element of part.elements)
      unit += element.kind === "literal" ? element.value : element.kind === "argument" ? element.raw : poundText(pound);
  }
  const translatable = scanPlaceholders(unit).some((segment) => segment.kind === "text" && segment.value.trim() !== "");
  if (build.pending.length >= MAX_UNITS_PER_MESSAGE && build.plurals) throw new TooManyUnits();
  const sent = pound.kind === "tagged" ? pound.tag + unit : unit;
  return { unit, sent, pound, raw, slot: translatable ? build.pending.push(sent) - 1 : -1, style, choices };
}

function choiceNode(build: Build, choice: IcuChoice, style: IcuStyle): ChoiceNode {
  const inPlural = choice.type !== "select";
  const branchStyle = { ...style, inPlural, inBranch: true };
  const plan =
    inPlural && build.plurals
      ? planPluralBranches(
          choice.branches.map((branch) => branch.key),
          build.plurals.sourceLocale,
          build.plurals.targetLocale,
          choice.type === "selectordinal" ? "ordinal" : "cardinal",
          writesPound(choice),
        )
      : null;
  if (!plan || sameKeys(plan, choice.branches)) {
    const skeleton: string[] = [];
    let from = choice.start;
    for (const branch of choice.branches) {
      skeleton.push(build.text.slice(from, branch.open + 1));
      from = branch.close - 1;
    }
    skeleton.push(build.text.slice(from, choice.end));
    return {
      skeleton,
      branches: choice.branches.map((branch) =>
        messageNode(
          build,
          branch.parts,
          branchStyle,
          plan ? targetPound(build.plurals!, choice, branch, plan) : PLACEHOLDER,
        ),
      ),
    };
  }
  const sourceBranch = new Map(choice.branches.map((branch) => [branch.key, branch]));
  const first = choice.branches[0]!;
  const head = build.text.slice(choice.start, keyStart(build.text, first));
  const keyGap = build.text.slice(keyStart(build.text, first) + first.key.length, first.open);
  const second = choice.branches[1];
  const between = second ? build.text.slice(first.close, keyStart(build.text, second)) : " ";
  const tail = build.text.slice(choice.branches[choice.branches.length - 1]!.close, choice.end);
  const skeleton = plan.map((branch, index) => `${index === 0 ? head : `}${between}`}${branch.key}${keyGap}{`);
  skeleton.push(`}${tail}`);
  return {
    skeleton,
    branches: plan.map((branch) => {
      const source = sourceBranch.get(branch.from)!;
      return messageNode(build, source.parts, branchStyle, targetPound(build.plurals!, choice, source, plan, branch));
    }),
  };
}

const sameKeys = (plan: readonly PluralBranchPlan[], branches: readonly IcuBranch[]) =>
  plan.length === branches.length && plan.every((branch, index) => branch.key === branches[index]!.key);

/** Where a branch's key starts: only whitespace stands between it and its `{`. */
const keyStart = (text: string, branch: IcuBranch) => text.lastIndexOf(branch.key, branch.open);

function offsetSlots(node: MessageNode, by: number): MessageNode {
  return {
    ...node,
    slot: node.slot < 0 ? -1 : node.slot + by,
    choices: node.choices.map((choice) => ({
      ...choice,
      branches: choice.branches.map((branch) => offsetSlots(branch, by)),
    })),
  };
}

function render(node: MessageNode, outputs: readonly string[]): string {
  const output = node.slot < 0 ? node.sent : outputs[node.slot]!;
  const translated = output === node.sent ? null : withPound(output, node.pound);
  const text = translated === null ? node.raw : toIcuText(keepEdgeWhitespace(node.unit, translated), node.style);
  return text.replace(SLOT, (slot, index: string) => {
    if (index === "") return "#";
    const choice = node.choices[Number(index) - 1];
    return choice ? renderChoice(choice, outputs) : slot;
  });
}

function renderChoice(choice: ChoiceNode, outputs: readonly string[]): string {
  let text = choice.skeleton[0]!;
  choice.branches.forEach((branch, index) => (text += render(branch, outputs) + choice.skeleton[index + 1]!));
  return text;
}

/**
 * A translated unit written as ICU message text: apostrophes that ICU (formatjs) would read
 * as the start of quoted text are doubled — before `{ } < > '`, before `#` in a plural, at
 * the end of a branch — and a literal `#` in a plural is quoted. Placeholders stay as they are.
 */
function toIcuText(translation: string, style: IcuStyle): string {
  const segments = scanPlaceholders(translation);
  const special = (ch: string | undefined) =>
    ch === undefined ? style.inBranch : "{}<>'".includes(ch) || (style.inPlural && ch === "#");
  let out = "";
  segments.forEach((segment, index) => {
    if (segment.kind === "protected") {
      out += segment.value;
      return;
    }
    const text = segment.value;
    const after = segments[index + 1]?.value[0];
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (ch === "#" && style.inPlural) {
        // Quote the run of `#`, with the apostrophes inside or right after it written as `''` within the quote.
        let quoted = "";
        let end = i;
        for (; text[end] === "#" || text[end] === "'"; end++) quoted += text[end] === "'" ? "''" : "#";
        out += `'${quoted}'`;
        i = end - 1;
      } else if (ch === "'") {
        out += style.doubleApostrophes || special(i + 1 < text.length ? text[i + 1] : after) ? "''" : "'";
      } else out += ch;
    }
  });
  return out;
}
