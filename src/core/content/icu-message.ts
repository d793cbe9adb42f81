import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";

/**
 * ICU MessageFormat plural/select structure, parsed by @formatjs/icu-messageformat-parser (a
 * linear recursive-descent parser). Parsing is attempted only on strings that contain a
 * plural/select head and stay within the bounds below; anything else is treated as flat text
 * with placeholders (see flat-placeholders.ts).
 */

/** Longest string parsed as ICU; longer ones are scanned as flat text. */
export const MAX_ICU_CHARS = 50_000;
/** Deepest `{` nesting parsed as ICU (about nine plural/select levels inside each other). */
export const MAX_ICU_BRACE_DEPTH = 20;

/** What a run is made of: literal text (unquoted), a simple argument as written, or the plural's `#`. */
export type RunElement = { kind: "literal"; value: string } | { kind: "argument"; raw: string } | { kind: "pound" };

/** Message content between skeleton pieces: literal text and simple arguments such as `{name}`. */
export interface IcuRun {
  kind: "run";
  start: number;
  end: number;
  /** Directly inside a plural/selectordinal branch, where `#` stands for the number (not in a nested select). */
  inPlural: boolean;
  elements: RunElement[];
}

export interface IcuBranch {
  key: string;
  /** Index of the branch's `{`. */
  open: number;
  /** Index just after the branch's `}`. */
  close: number;
  parts: IcuPart[];
}

export interface IcuChoice {
  kind: "choice";
  start: number;
  end: number;
  argument: string;
  type: "plural" | "selectordinal" | "select";
  offset: number;
  /** In source order. */
  branches: IcuBranch[];
}

export type IcuPart = IcuRun | IcuChoice;

const CHOICE_HEAD = /\{\s*[^\s{},]+\s*,\s*(?:plural|selectordinal|select)\s*,/;

/**
 * Whether `text` has the head of a plural or select argument (`{n, plural,`). Its keywords are
 * searched for before the expression runs: most strings with a brace are placeholders (`{name}`).
 */
export const hasChoiceHead = (text: string): boolean =>
  text.includes("{") && (text.includes("plural") || text.includes("select")) && CHOICE_HEAD.test(text);

function braceDepth(input: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < input.length; i++) {
    const code = input.charCodeAt(i);
    if (code === 123) deepest = Math.max(deepest, ++depth);
    else if (code === 125 && depth > 0) depth--;
  }
  return deepest;
}

function offsets(element: { location?: { start: { offset: number }; end: { offset: number } } }) {
  return { start: element.location!.start.offset, end: element.location!.end.offset };
}

function runElement(input: string, element: MessageFormatElement): RunElement {
  if (element.type === TYPE.literal) return { kind: "literal", value: element.value };
  if (element.type === TYPE.pound) return { kind: "pound" };
  const span = offsets(element);
  return { kind: "argument", raw: input.slice(span.start, span.end) };
}

function toParts(
  input: string,
  elements: readonly MessageFormatElement[],
  start: number,
  end: number,
  inPlural: boolean,
): IcuPart[] {
  const parts: IcuPart[] = [];
  let run: IcuRun | null = null;
  let cursor = start;
  for (const element of elements) {
    if (element.type !== TYPE.plural && element.type !== TYPE.select) {
      run ??= { kind: "run", start: cursor, end: cursor, inPlural, elements: [] };
      run.elements.push(runElement(input, element));
      continue;
    }
    const span = offsets(element);
    if (run) parts.push({ ...run, end: span.start });
    run = null;
    const plural = element.type === TYPE.plural;
    const branches = Object.entries(element.options)
      .map(([key, option]): IcuBranch => {
        const branch = offsets(option);
        return {
          key,
          open: branch.start,
          close: branch.end,
          parts: toParts(input, option.value, branch.start + 1, branch.end - 1, plural),
        };
      })
      .sort((a, b) => a.open - b.open);
    parts.push({
      kind: "choice",
      start: span.start,
      end: span.end,
      argument: element.value,
      type: plural ? (element.pluralType === "ordinal" ? "selectordinal" : "plural") : "select",
      offset: plural ? element.offset : 0,
      branches,
    });
    cursor = span.end;
  }
  if (run) parts.push({ ...run, end });
  return parts;
}

/**
 * The plural/select structure of `input`, or null when it has none, is not valid ICU, or
 * exceeds `maxChars` / MAX_ICU_BRACE_DEPTH.
 */
export function parseIcuChoices(input: string, maxChars = MAX_ICU_CHARS): IcuPart[] | null {
  if (input.length > maxChars || !hasChoiceHead(input)) return null;
  if (braceDepth(input) > MAX_ICU_BRACE_DEPTH) return null;
  let elements: MessageFormatElement[];
  try {
    elements = parse(input, { ignoreTag: true, captureLocation: true, requiresOtherClause: false });
  } catch {
    return null;
  }
  const parts = toParts(input, elements, 0, input.length, false);
  return parts.some((part) => part.kind === "choice") ? parts : null;
}

/** How many `#` stand directly in a branch (not in nested plurals, whose `#` is their own). */
export const poundCount = (parts: readonly IcuPart[]): number =>
  parts.reduce(
    (sum, part) => sum + (part.kind === "run" ? part.elements.filter((element) => element.kind === "pound").length : 0),
    0,
  );

/** Whether the branch `key` of `choice` writes its number (`#`). */
export const writesPound =
  (choice: IcuChoice) =>
  (key: string): boolean =>
    poundCount(choice.branches.find((branch) => branch.key === key)?.parts ?? []) > 0;
