import { hashSourceString } from "./plan-target.js";
import type { PoEntry } from "../../core/gettext/po-parser.js";
import type { FuzzyChange } from "../../core/gettext/po-rewrite.js";
import { pluralForms, pluralMessage, type PluralMessage } from "../../core/gettext/plural-message.js";

/**
 * What `glossa localize` does with each entry of a PO file (docs/cli.md#gettext-po-and-pot-files):
 * pure decisions, the file I/O is in po-localize.ts.
 */

export interface PoRunOptions {
  /** Send every entry again. */
  force: boolean;
  /** Send fuzzy entries again. */
  fuzzy: boolean;
  /** Mark what the machine wrote `#, fuzzy`. */
  markFuzzy: boolean;
}

/** An entry's identity: gettext's own `msgctxt \u0004 msgid`, so entries that differ by context stay apart. */
export function poEntryKey(entry: Pick<PoEntry, "context" | "id">): string {
  return entry.context === undefined ? entry.id : `${entry.context}\u0004${entry.id}`;
}

export function isHeader(entry: PoEntry): boolean {
  return !entry.inert && entry.id === "" && entry.context === undefined;
}

/** Whether an entry is sent: an empty form, or `--force`, or a fuzzy entry with `--fuzzy`. Headers and obsolete entries never. */
export function needsTranslation(entry: PoEntry, options: Pick<PoRunOptions, "force" | "fuzzy">): boolean {
  if (entry.inert || isHeader(entry)) return false;
  if (options.force) return true;
  if (options.fuzzy && entry.flags.includes("fuzzy")) return true;
  return entry.strings.length === 0 || entry.strings.some((text) => text === "");
}

/** Whether the entry's conversions are printf ones (c-format and the other printf-like formats). */
function isPrintf(entry: PoEntry): boolean {
  if (entry.flags.includes("no-c-format")) return false;
  return entry.flags.some((flag) => /^(c|objc|sh|python|php|perl|awk|gcc-internal|gfc-internal)-format$/.test(flag));
}

/** What is sent for one entry. */
export interface PoRequest {
  message: string;
  /** Context for the engine: msgctxt, notes for translators, and what the format flags mean. */
  hints: string[];
  plural: (PluralMessage & { singular: string }) | undefined;
}

/** Longest hint sent per entry (the server trims hints to a budget anyway). */
const MAX_HINT_CHARS = 500;

export function poRequest(entry: PoEntry): PoRequest {
  const hints: string[] = [];
  if (entry.context !== undefined) hints.push(`msgctxt: ${entry.context}`);
  for (const note of entry.extracted) hints.push(note);
  if (entry.flags.includes("no-c-format"))
    hints.push("Not a printf format: a % sign here is literal text, not a placeholder.");
  const trimmed = hints.map((hint) => (hint.length > MAX_HINT_CHARS ? `${hint.slice(0, MAX_HINT_CHARS - 1)}…` : hint));
  if (entry.idPlural === undefined) return { message: entry.id, hints: trimmed, plural: undefined };
  // "unknown format" (no flag) counts as printf when the texts hold integer conversions, as xgettext guesses
  const printf =
    isPrintf(entry) || (!entry.flags.includes("no-c-format") && !entry.flags.some((f) => f.endsWith("-format")));
  const plural = { ...pluralMessage(entry.id, entry.idPlural, printf), singular: entry.id };
  return { message: plural.message, hints: trimmed, plural };
}

/** What the lock records for an entry that was sent: a hash of what was sent. */
export function requestHash(request: PoRequest): string {
  return hashSourceString(request.message);
}

export type PoForms = { ok: true; strings: string[] } | { ok: false; message: string };

/**
 * The msgstr strings of a translated entry: the answer (a plural entry's forms by the target's
 * categories), with forms that were already translated kept unless they were to be replaced.
 */
export function formsOf(
  entry: PoEntry,
  request: PoRequest,
  answer: string,
  categories: readonly string[] | undefined,
  replace: boolean,
): PoForms {
  let strings: string[];
  if (request.plural === undefined) strings = [answer];
  else {
    if (!categories) return { ok: false, message: "the catalogue has no Plural-Forms" };
    const forms = pluralForms(answer, categories, request.plural);
    if (!forms.ok) return forms;
    strings = forms.forms;
  }
  strings = strings.map((text, index) =>
    sameEdgeLineBreaks(index === 0 ? entry.id : (entry.idPlural ?? entry.id), text),
  );
  if (!replace) strings = strings.map((text, index) => (entry.strings[index] ? entry.strings[index] : text));
  return { ok: true, strings };
}

/**
 * gettext requires a translation to begin and end with a line break exactly where its msgid does
 * (`msgfmt -c`): the answer's edges are made the source's.
 */
export function sameEdgeLineBreaks(source: string, text: string): string {
  let result = text;
  if (source.endsWith("\n") && !result.endsWith("\n")) result += "\n";
  else if (!source.endsWith("\n")) result = result.replace(/\n+$/, "");
  if (source.startsWith("\n") && !result.startsWith("\n")) result = `\n${result}`;
  else if (!source.startsWith("\n")) result = result.replace(/^\n+/, "");
  return result;
}

/** The strings of a plural entry that is not translated, resized to `nplurals` (empty forms added, extra ones dropped). */
export function resizedForms(entry: PoEntry, nplurals: number): string[] | undefined {
  if (entry.idPlural === undefined || entry.strings.length === nplurals) return undefined;
  return Array.from({ length: nplurals }, (_, index) => entry.strings[index] ?? "");
}

/**
 * `#, fuzzy` on what the machine wrote, if asked. A fuzzy entry whose forms were all replaced
 * (`--force`, `--fuzzy`) loses it otherwise; one that only had empty forms filled keeps it, since
 * its other forms are still the ones marked for review.
 */
export function fuzzyChange(entry: PoEntry, options: PoRunOptions): FuzzyChange {
  if (options.markFuzzy) return "add";
  return entry.flags.includes("fuzzy") && replaces(entry, options) ? "remove" : "keep";
}

/** Whether a sent entry's translated forms are replaced, or only its empty ones filled. */
export function replaces(entry: PoEntry, options: PoRunOptions): boolean {
  return options.force || (options.fuzzy && entry.flags.includes("fuzzy"));
}
