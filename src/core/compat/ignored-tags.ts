/**
 * DeepL's `ignore_tags` (and HTML's `script`/`style`): the content of these elements comes back
 * untranslated. Before translation each such element, tags and content, is swapped for an empty
 * element `<glossa-keep i="N"/>`, which Glossa's placeholder protection keeps verbatim through
 * every engine; afterwards the originals are put back. Linear in the text: one scan for opening
 * tags, and for each ignored one a scan to its matching close (same-name nesting counted).
 */

export interface ShieldedText {
  text: string;
  kept: string[];
}

const OPEN_OR_CLOSE = /<(\/?)([A-Za-z][\w:.-]*)(?:\s[^<>]*)?(\/?)>/g;

export function shieldIgnoredTags(text: string, tags: readonly string[], caseInsensitive: boolean): ShieldedText {
  if (tags.length === 0 || !text.includes("<")) return { text, kept: [] };
  const fold = (name: string) => (caseInsensitive ? name.toLowerCase() : name);
  const ignored = new Set(tags.map(fold));
  const kept: string[] = [];
  let out = "";
  let copied = 0;
  OPEN_OR_CLOSE.lastIndex = 0;
  for (let match = OPEN_OR_CLOSE.exec(text); match; match = OPEN_OR_CLOSE.exec(text)) {
    const [, closing, rawName, selfClosing] = match;
    const name = fold(rawName!);
    if (closing || !ignored.has(name)) continue;
    const start = match.index;
    let end = OPEN_OR_CLOSE.lastIndex;
    if (!selfClosing) {
      let depth = 1;
      for (let inner = OPEN_OR_CLOSE.exec(text); inner; inner = OPEN_OR_CLOSE.exec(text)) {
        if (fold(inner[2]!) !== name || inner[3]) continue;
        depth += inner[1] ? -1 : 1;
        if (depth === 0) break;
      }
      // An element never closed keeps the rest of the text, as DeepL's tag handling would.
      end = depth === 0 ? OPEN_OR_CLOSE.lastIndex : text.length;
      if (depth !== 0) OPEN_OR_CLOSE.lastIndex = text.length;
    }
    out += `${text.slice(copied, start)}<glossa-keep i="${kept.length}"/>`;
    kept.push(text.slice(start, end));
    copied = end;
  }
  return { text: out + text.slice(copied), kept };
}

const KEEP = /<glossa-keep i="(\d+)"\/>/g;

/** The text with each kept element back in place of its stand-in. */
export function restoreIgnoredTags(text: string, kept: readonly string[]): string {
  if (kept.length === 0) return text;
  return text.replace(KEEP, (whole, index: string) => kept[Number(index)] ?? whole);
}

/** A tag list as DeepL takes it: comma-separated, or an array; names trimmed, empty ones dropped. */
export function tagNames(list: string | readonly string[] | undefined): string[] {
  if (list === undefined) return [];
  const items = typeof list === "string" ? list.split(",") : list.flatMap((item) => item.split(","));
  return items.map((item) => item.trim()).filter((item) => item.length > 0);
}
