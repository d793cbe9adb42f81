/**
 * The little of gettext's PO format `glossa check` needs: entries with their context, source,
 * plural source, translations and flags, and the line each starts on. Obsolete entries (`#~`) and
 * the header's own entry are left out; the header's `Language` and `Plural-Forms` are read. Pure.
 */
import { headerField } from "../../core/gettext/po-header.js";
import { PoReader, type PoEntry } from "../../core/gettext/po-parser.js";

export interface PoCatalogueEntry {
  context?: string;
  source: string;
  sourcePlural?: string;
  /** `msgstr`, or `msgstr[0]…` in order. */
  translations: string[];
  flags: string[];
  /** 1-based line of the entry's first line (its comments or flags). */
  line: number;
}

export interface PoCatalogue {
  language: string | null;
  /** `nplurals` of the header's `Plural-Forms`, when it has one. */
  pluralCount: number | null;
  entries: PoCatalogueEntry[];
}

/** The catalogue in `text`, read with the PO reader `glossa localize` uses; a syntax error names its line. */
export function readPoCatalogue(text: string): PoCatalogue {
  const reader = new PoReader();
  const read: PoEntry[] = [];
  for (const line of text.split("\n")) {
    const entry = reader.push(line);
    if (entry) read.push(entry);
  }
  const last = reader.end();
  if (last) read.push(last);
  let header: string | null = null;
  const entries: PoCatalogueEntry[] = [];
  for (const entry of read) {
    if (entry.inert) continue;
    if (entry.id === "" && entry.context === undefined) {
      header ??= entry.strings[0] ?? "";
      continue;
    }
    entries.push({
      ...(entry.context !== undefined ? { context: entry.context } : {}),
      source: entry.id,
      ...(entry.idPlural !== undefined ? { sourcePlural: entry.idPlural } : {}),
      translations: entry.strings,
      flags: entry.flags,
      line: entry.firstLine,
    });
  }
  const plurals = /nplurals\s*=\s*(\d+)/.exec(headerField(header ?? "", "Plural-Forms") ?? "");
  return {
    language: headerField(header ?? "", "Language") || null,
    pluralCount: plurals ? Number(plurals[1]) : null,
    entries,
  };
}
