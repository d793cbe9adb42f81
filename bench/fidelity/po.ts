/**
 * The little of the PO format the fidelity bench needs: reading what `msgunfmt` prints, and
 * writing a catalogue of outputs for `msgfmt -c`. Pure functions.
 */
// String literals are read and written by Glossa's own PO code: one escaping for the CLI and the bench.
import { quotePoString, unescapePoString } from "../../src/core/gettext/po-string.js";

export interface PoEntry {
  context?: string;
  source: string;
  /** The plural source, when the entry has plural forms. */
  sourcePlural?: string;
  /** `msgstr`, or `msgstr[0]…` of a plural entry, in order. */
  translations: string[];
  flags: string[];
}

/** Reads a PO file (as `msgunfmt` prints it: no obsolete entries, no comments but flags). */
export function parsePo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let entry: PoEntry = { source: "", translations: [], flags: [] };
  let field: "context" | "source" | "sourcePlural" | "translation" | undefined;
  const finish = () => {
    if (entry.translations.length > 0) entries.push(entry);
    entry = { source: "", translations: [], flags: [] };
    field = undefined;
  };
  for (const line of text.split("\n")) {
    const trimmed = line.trim();
    if (trimmed === "") continue;
    if (trimmed.startsWith("#")) {
      if (entry.translations.length > 0) finish();
      if (trimmed.startsWith("#,"))
        entry.flags.push(
          ...trimmed
            .slice(2)
            .split(",")
            .map((flag) => flag.trim())
            .filter(Boolean),
        );
      continue;
    }
    const keyword = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+"(.*)"$/.exec(trimmed);
    if (keyword) {
      const name = keyword[1]!;
      const value = unescapePoString(keyword[2]!);
      if ((name === "msgctxt" || name === "msgid") && entry.translations.length > 0) finish();
      if (name === "msgctxt") {
        field = "context";
        entry.context = value;
      } else if (name === "msgid") {
        field = "source";
        entry.source = value;
      } else if (name === "msgid_plural") {
        field = "sourcePlural";
        entry.sourcePlural = value;
      } else {
        field = "translation";
        entry.translations.push(value);
      }
      continue;
    }
    const continuation = /^"(.*)"$/.exec(trimmed);
    if (!continuation || !field) throw new Error(`unexpected PO line: ${line.slice(0, 80)}`);
    const more = unescapePoString(continuation[1]!);
    if (field === "translation") entry.translations[entry.translations.length - 1] += more;
    else entry[field] = (entry[field] ?? "") + more;
  }
  finish();
  return entries;
}

export interface PoOutput {
  source: string;
  translation: string;
  cFormat: boolean;
}

/**
 * A UTF-8 catalogue of `entries` for `msgfmt -c`; entry i starts at line `lines[i]` (1-based),
 * so that msgfmt's `file:line:` messages can be traced back to an entry.
 */
export function writePo(language: string, entries: readonly PoOutput[]): { text: string; lines: number[] } {
  const out = [
    'msgid ""',
    'msgstr ""',
    '"Project-Id-Version: glossa-fidelity 1\\n"',
    '"PO-Revision-Date: 2026-01-01 00:00+0000\\n"',
    '"Last-Translator: bench <bench@example.test>\\n"',
    '"Language-Team: bench <bench@example.test>\\n"',
    `"Language: ${language}\\n"`,
    '"MIME-Version: 1.0\\n"',
    '"Content-Type: text/plain; charset=UTF-8\\n"',
    '"Content-Transfer-Encoding: 8bit\\n"',
    '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
    "",
  ];
  const lines: number[] = [];
  for (const entry of entries) {
    lines.push(out.length + 1);
    if (entry.cFormat) out.push("#, c-format");
    out.push(`msgid ${quotePoString(entry.source)}`, `msgstr ${quotePoString(entry.translation)}`, "");
  }
  return { text: out.join("\n"), lines };
}
