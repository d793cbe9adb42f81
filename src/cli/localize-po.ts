import { existsSync } from "node:fs";
import { mkdir, open, rename, rm, type FileHandle } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { parsePluralForms, gettextPluralForms, indexCategories } from "../core/gettext/plural-forms.js";
import { gettextLanguage, headerCharset, headerField, withHeaderFields } from "../core/gettext/po-header.js";
import { PoReader, type PoEntry } from "../core/gettext/po-parser.js";
import { rewriteEntry } from "../core/gettext/po-rewrite.js";
import { poKeywordLines } from "../core/gettext/po-string.js";
import { NOT_TRANSLATED } from "./localize/plan-target.js";
import { endsWithNewline, readPoEntries } from "./localize/po-file.js";
import {
  formsOf,
  fuzzyChange,
  isHeader,
  needsTranslation,
  poEntryKey,
  poRequest,
  replaces,
  requestHash,
  resizedForms,
  type PoRequest,
  type PoRunOptions,
} from "./localize/po-plan.js";
import type { Progress } from "./localize/progress.js";
import type { Json } from "./localize/strings-by-pointer.js";
import type { UntranslatedItem } from "./localize/untranslated.js";

/** One call's worth of entries: what the server is asked, keyed by a name unique in the run. */
export type TranslateBatch = (
  data: Record<string, string>,
  hints: Record<string, string[]>,
) => Promise<{ data: Json; untranslated: UntranslatedItem[] }>;

export interface PoTargetRun extends PoRunOptions {
  sourceFile: string;
  targetFile: string;
  target: string;
  /** What the lock recorded for this target on earlier runs. */
  locked: Readonly<Record<string, string>>;
  translate: TranslateBatch;
  /** Entries and characters per call. */
  batchEntries: number;
  batchChars: number;
  progress: Progress;
}

export interface PoTargetResult {
  translated: number;
  kept: number;
  hashes: Record<string, string>;
  untranslated: UntranslatedItem[];
}

/** The target language's plural forms and the CLDR category of each form, or why there are none. */
interface Plurals {
  nplurals: number;
  categories: string[];
}

function pluralsOf(text: string | undefined, target: string, where: string): Plurals | string {
  if (text === undefined)
    return `${where} has no Plural-Forms header for "${target}" and gettext has no plural rule for that language: add "Plural-Forms: nplurals=…; plural=…;" to the target file's header.`;
  const parsed = parsePluralForms(text);
  if (!parsed.ok) return `The Plural-Forms of ${where} cannot be used: ${parsed.message}.`;
  const categories = indexCategories(parsed.forms, target);
  if (!categories.ok)
    return `The Plural-Forms of ${where} does not fit ${target}'s plural rules: ${categories.message}.`;
  return { nplurals: parsed.forms.nplurals, categories: categories.categories };
}

/** A `Plural-Forms` value that is a placeholder (a POT's `nplurals=INTEGER; plural=EXPRESSION;`) counts as absent. */
function realPluralForms(header: string): string | undefined {
  const value = headerField(header, "Plural-Forms");
  return value === undefined || /INTEGER|EXPRESSION/.test(value) ? undefined : value;
}

/** Writes lines to the output, a line end between lines and one at the end when the base file had one. */
class LineWriter {
  private first = true;
  private buffer = "";
  constructor(private readonly handle: FileHandle) {}

  async write(lines: readonly string[]) {
    for (const line of lines) {
      this.buffer += (this.first ? "" : "\n") + line;
      this.first = false;
    }
    if (this.buffer.length > 65_536) await this.flush();
  }

  async flush() {
    if (this.buffer === "") return;
    await this.handle.write(this.buffer);
    this.buffer = "";
  }

  async end(newline: boolean) {
    if (newline && !this.first) this.buffer += "\n";
    await this.flush();
  }
}

interface Pending {
  entry: PoEntry;
  /** The name it is sent under, when it is sent. */
  name?: string;
  request?: PoRequest;
  /** Lines to write instead of the entry's (a rewritten header). */
  lines?: string[];
}

/**
 * Translates one target PO file (docs/cli.md#gettext-po-and-pot-files): the existing target file
 * is the base (entries of the source it lacks are added at its end), or the source itself when
 * the target does not exist yet. Entries stream from the file to a temporary file in calls of
 * `batchEntries`; the target is replaced only when every call is done.
 */
export async function localizePoTarget(run: PoTargetRun): Promise<PoTargetResult> {
  const targetExists = existsSync(run.targetFile);
  const base = targetExists ? run.targetFile : run.sourceFile;
  const where = resolve(base);

  // First pass: what the base holds and how much there is to send (for the progress bar).
  const baseKeys = new Set<string>();
  let total = 0;
  for await (const entry of readPoEntries(base)) {
    if (!entry.inert && !isHeader(entry)) baseKeys.add(poEntryKey(entry));
    if (needsTranslation(entry, run)) total++;
  }
  if (targetExists)
    for await (const entry of readPoEntries(run.sourceFile))
      if (!entry.inert && !isHeader(entry) && !baseKeys.has(poEntryKey(entry))) total++;

  const temporary = `${run.targetFile}.${process.pid}.tmp`;
  await mkdir(dirname(run.targetFile), { recursive: true });
  const handle = await open(temporary, "w");
  const writer = new LineWriter(handle);
  const result: PoTargetResult = { translated: 0, kept: 0, hashes: {}, untranslated: [] };
  let plurals: Plurals | string | undefined;
  let pending: Pending[] = [];
  let batchChars = 0;
  let sent = 0;
  let done = 0;
  run.progress.update(run.target, 0, total);

  const pluralsNeeded = (): Plurals => {
    if (plurals === undefined) plurals = pluralsOf(gettextPluralForms(run.target), run.target, where);
    if (typeof plurals === "string") throw new Error(plurals);
    return plurals;
  };

  // An entry written as it is, except a plural entry whose form count is not the target's nplurals.
  const untouched = (entry: PoEntry): readonly string[] => {
    if (entry.inert || entry.idPlural === undefined || typeof plurals !== "object") return entry.lines;
    const resized = resizedForms(entry, plurals.nplurals);
    return resized ? rewriteEntry(entry, resized) : entry.lines;
  };

  const flush = async () => {
    const asked = pending.filter((item) => item.name !== undefined);
    let answer: { data: Json; untranslated: UntranslatedItem[] } = { data: {}, untranslated: [] };
    if (asked.length > 0) {
      answer = await run.translate(
        Object.fromEntries(asked.map((item) => [item.name!, item.request!.message])),
        Object.fromEntries(
          asked.filter((item) => item.request!.hints.length > 0).map((item) => [item.name!, item.request!.hints]),
        ),
      );
    }
    const data = (answer.data ?? {}) as Record<string, Json>;
    const keyOf = new Map(asked.map((item) => [item.name!, poEntryKey(item.entry)]));
    const failed = new Set(answer.untranslated.filter((u) => u.code === "engine_failed").map((u) => String(u.path[0])));
    for (const item of answer.untranslated)
      result.untranslated.push({ ...item, path: [keyOf.get(String(item.path[0])) ?? String(item.path[0])] });
    for (const item of pending) {
      const { entry } = item;
      const key = poEntryKey(entry);
      if (item.lines) {
        await writer.write(item.lines);
        continue;
      }
      if (item.name === undefined) {
        if (!entry.inert && !isHeader(entry)) {
          result.kept++;
          if (Object.hasOwn(run.locked, key)) result.hashes[key] = run.locked[key]!;
        }
        await writer.write(untouched(entry));
        continue;
      }
      const text = data[item.name];
      const forms =
        failed.has(item.name) || typeof text !== "string"
          ? undefined
          : formsOf(
              entry,
              item.request!,
              text,
              item.request!.plural ? pluralsNeeded().categories : undefined,
              replaces(entry, run),
            );
      if (forms === undefined || !forms.ok) {
        if (forms && !forms.ok)
          result.untranslated.push({
            path: [key],
            code: "engine_failed",
            reason: `the answer cannot be used: ${forms.message}`,
          });
        else if (!failed.has(item.name))
          result.untranslated.push({
            path: [key],
            code: "engine_failed",
            reason: "the server returned no translation",
          });
        result.hashes[key] = NOT_TRANSLATED;
        await writer.write(untouched(entry));
        continue;
      }
      result.translated++;
      result.hashes[key] = requestHash(item.request!);
      await writer.write(rewriteEntry(entry, forms.strings, fuzzyChange(entry, run)));
    }
    done += asked.length;
    run.progress.update(run.target, done, total);
    pending = [];
    batchChars = 0;
    sent = 0;
  };

  const add = async (entry: PoEntry, name: string) => {
    if (!needsTranslation(entry, run)) {
      pending.push({ entry });
    } else {
      const request = poRequest(entry);
      if (entry.idPlural !== undefined) pluralsNeeded();
      pending.push({ entry, name, request });
      sent++;
      batchChars += request.message.length;
    }
    if (sent >= run.batchEntries || batchChars >= run.batchChars) await flush();
  };

  try {
    let first = true;
    for await (const entry of readPoEntries(base)) {
      if (first && !entry.inert) {
        first = false;
        const header = isHeader(entry) ? entry : undefined;
        const rewritten = headerFor(header, run.target, targetExists, where);
        plurals = rewritten.plurals;
        if (rewritten.lines) pending.push({ entry, lines: header ? rewritten.lines : [...rewritten.lines, ""] });
        if (header) {
          if (!rewritten.lines) pending.push({ entry });
          continue;
        }
      }
      await add(entry, `l${entry.firstLine}`);
    }
    if (targetExists) {
      for await (const entry of readPoEntries(run.sourceFile)) {
        if (entry.inert || isHeader(entry) || baseKeys.has(poEntryKey(entry))) continue;
        // an entry new in the source: its lines as the source has them, its forms emptied, after a blank line
        const reader = new PoReader();
        for (const line of [
          "",
          ...rewriteEntry(
            entry,
            entry.strings.map(() => ""),
          ),
        ])
          reader.push(line);
        await add(reader.end()!, `s${entry.firstLine}`);
      }
    }
    await flush();
    await writer.end(await endsWithNewline(base));
    await handle.close();
    await rename(temporary, run.targetFile);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  } finally {
    run.progress.clear();
  }
  return result;
}

/**
 * The header of the target: a new file gets its Language, its Plural-Forms (the file's own, else
 * gettext's table) and UTF-8, and loses the POT's `fuzzy`; an existing file gets Plural-Forms only
 * when it has none. A file without a header gets one. The charset must be UTF-8.
 */
function headerFor(
  header: PoEntry | undefined,
  target: string,
  targetExists: boolean,
  where: string,
): { lines: string[] | undefined; plurals: Plurals | string } {
  const text = header?.strings[0] ?? "";
  const charset = headerCharset(text);
  if (charset && !/^(utf-?8|charset|ascii|us-ascii)$/i.test(charset))
    throw new Error(`${where} is in ${charset}: convert it to UTF-8 first (msgconv --to-code=UTF-8).`);
  // A new file made from a source-language PO (en.po) must not inherit the source language's
  // Plural-Forms: the header's own counts only when its Language is the target's.
  const language = headerField(text, "Language")
    ?.split(/[_@.-]/)[0]
    ?.toLowerCase();
  const forTarget = targetExists || language === target.split("-")[0]!.toLowerCase();
  const own = forTarget ? realPluralForms(text) : undefined;
  const pluralText = own ?? gettextPluralForms(target);
  const plurals = pluralsOf(pluralText, target, where);
  const fields: Record<string, string> = {};
  if (!targetExists) {
    if (headerField(text, "Language") !== gettextLanguage(target)) fields.Language = gettextLanguage(target);
    if (!charset || !/^utf-?8$/i.test(charset)) fields["Content-Type"] = "text/plain; charset=UTF-8";
  }
  if (own === undefined && pluralText !== undefined && pluralText !== realPluralForms(text))
    fields["Plural-Forms"] = pluralText;
  if (header && Object.keys(fields).length === 0) return { lines: undefined, plurals };
  if (!header) {
    const created = withHeaderFields("Content-Type: text/plain; charset=UTF-8\n", {
      Language: gettextLanguage(target),
      ...fields,
    });
    return { lines: ['msgid ""', ...poKeywordLines("msgstr", created)], plurals };
  }
  return {
    lines: rewriteEntry(header, [withHeaderFields(text, fields)], targetExists ? "keep" : "remove"),
    plurals,
  };
}
