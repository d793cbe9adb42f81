import type { PoEntry } from "./po-parser.js";
import { poKeywordLines } from "./po-string.js";

export type FuzzyChange = "add" | "remove" | "keep";

/** The `#,` line with `fuzzy` added or removed, or null when no flag is left. */
function flagsLineWith(line: string, change: FuzzyChange): string | null {
  if (change === "keep") return line;
  const flags = line
    .replace(/\r$/, "")
    .trim()
    .slice(2)
    .split(",")
    .map((flag) => flag.trim())
    .filter(Boolean);
  const others = flags.filter((flag) => flag !== "fuzzy");
  const next = change === "add" ? ["fuzzy", ...others] : others;
  if (next.length === flags.length && next.every((flag, index) => flag === flags[index])) return line;
  return next.length === 0 ? null : `#, ${next.join(", ")}`;
}

/**
 * An entry's lines with new msgstr strings (`msgstr`, or `msgstr[i]` for a plural entry) and,
 * when asked, `fuzzy` added to or removed from its flags. Every other line is kept as written.
 */
export function rewriteEntry(entry: PoEntry, strings: readonly string[], fuzzy: FuzzyChange = "keep"): string[] {
  const plural = entry.idPlural !== undefined;
  const msgstr = strings.flatMap((text, index) => poKeywordLines(plural ? `msgstr[${index}]` : "msgstr", text));
  const lines: string[] = [];
  const hasFuzzy = entry.flags.includes("fuzzy");
  entry.lines.forEach((line, index) => {
    if (index === entry.keywordStart && entry.flagsLine === -1 && fuzzy === "add") lines.push("#, fuzzy");
    if (index === entry.flagsLine && (fuzzy === "add" ? !hasFuzzy : fuzzy === "remove" && hasFuzzy)) {
      const changed = flagsLineWith(line, fuzzy);
      if (changed !== null) lines.push(changed);
      return;
    }
    if (index === entry.msgstrStart) lines.push(...msgstr);
    if (index >= entry.msgstrStart && index < entry.msgstrEnd) return;
    lines.push(line);
  });
  return lines;
}
