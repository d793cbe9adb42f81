import { keepEdgeWhitespace } from "./edge-whitespace.js";
import { scanPlaceholders } from "./flat-placeholders.js";
import { parseIcuChoices, type IcuChoice, type IcuPart } from "./icu-message.js";

/**
 * Per-branch translation of ICU messages. Each plural/select branch's text becomes its own
 * unit — its literal text unquoted, simple arguments as written, the plural's `#` as `{#}`,
 * every nested plural/select as `{#1}`, `{#2}`… — and so does the text around a top-level
 * plural/select. `rebuild` puts the translations back into the source's skeleton (argument
 * names, selector keys and their order untouched), quoting apostrophes and `#` the way ICU
 * needs. The target gets the source's plural categories. A string without plural/select,
 * or whose literal text contains quoted braces, is one unit, returned as translated.
 */
export interface IcuUnitPlan {
  /** The strings to translate, in order. */
  units: string[];
  /** For each unit, the index of the input string it comes from. */
  owners: number[];
  /** The translated input strings, given one output per unit. */
  rebuild(outputs: readonly string[]): string[];
}

interface MessageNode {
  unit: string;
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

const SLOT = /\{#(\d*)\}/g;

export function icuUnits(texts: readonly string[]): IcuUnitPlan {
  const units: string[] = [];
  const owners: number[] = [];
  const roots = texts.map((text, owner) => {
    const pending: string[] = [];
    const parts = parseIcuChoices(text);
    const root = parts && splittable(parts) ? messageNode(text, parts, rootStyle(text), pending) : null;
    for (const unit of root ? pending : [text]) {
      owners.push(owner);
      units.push(unit);
    }
    return root ? offsetSlots(root, units.length - pending.length) : units.length - 1;
  });
  return {
    units,
    owners,
    rebuild: (outputs) => {
      if (outputs.length !== units.length) throw new RangeError(`expected ${units.length} outputs`);
      return roots.map((root) => (typeof root === "number" ? outputs[root]! : render(root, outputs)));
    },
  };
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

function messageNode(text: string, parts: readonly IcuPart[], style: IcuStyle, pending: string[]): MessageNode {
  let unit = "";
  let raw = "";
  const choices: ChoiceNode[] = [];
  for (const part of parts) {
    if (part.kind === "choice") {
      choices.push(choiceNode(text, part, style, pending));
      unit += `{#${choices.length}}`;
      raw += `{#${choices.length}}`;
      continue;
    }
    raw += text.slice(part.start, part.end);
    for (const element of part.elements)
      unit += element.kind === "literal" ? element.value : element.kind === "argument" ? element.raw : "{#}";
  }
  const translatable = scanPlaceholders(unit).some((segment) => segment.kind === "text" && segment.value.trim() !== "");
  return { unit, raw, slot: translatable ? pending.push(unit) - 1 : -1, style, choices };
}

function choiceNode(text: string, choice: IcuChoice, style: IcuStyle, pending: string[]): ChoiceNode {
  const skeleton: string[] = [];
  let from = choice.start;
  for (const branch of choice.branches) {
    skeleton.push(text.slice(from, branch.open + 1));
    from = branch.close - 1;
  }
  skeleton.push(text.slice(from, choice.end));
  const inPlural = choice.type !== "select";
  return {
    skeleton,
    branches: choice.branches.map((branch) =>
      messageNode(text, branch.parts, { ...style, inPlural, inBranch: true }, pending),
    ),
  };
}

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
  const output = node.slot < 0 ? node.unit : outputs[node.slot]!;
  const text = output === node.unit ? node.raw : toIcuText(keepEdgeWhitespace(node.unit, output), node.style);
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
