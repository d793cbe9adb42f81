import { randomBytes } from "node:crypto";

/**
 * DeepL's `ignore_tags` (and HTML's `script`/`style`): the content of these elements comes back
 * untranslated. Before translation each such element, tags and content, is swapped for an empty
 * element `<glossa-keep i="N"/>`, which Glossa's placeholder protection keeps verbatim through
 * every engine; afterwards the originals are put back. Linear in the text: one scan for opening
 * tags, and for each ignored one a scan to its matching close (same-name nesting counted).
 *
 * The stand-in cannot be forged (docs/security.md, "Internal markers"): when the caller's text
 * already contains the stand-in's name, this text's stand-ins get a random name instead, so a
 * caller-written `<glossa-keep i="0"/>` stays plain text; and each stand-in is put back at most
 * once, so no copy (by the caller or the engine) multiplies a kept element.
 */

export interface ShieldedText {
  text: string;
  kept: string[];
  /** The element name of this text's stand-ins (`glossa-keep`, or a random one on a clash). */
  tag: string;
}

export const KEEP_TAG = "glossa-keep";

/** `glossa-keep`, unless the text holds that name already (in any case): then a random name it does not hold. */
function standInTag(text: string): string {
  const folded = text.toLowerCase();
  let tag = KEEP_TAG;
  while (folded.includes(tag)) tag = `${KEEP_TAG}-${randomBytes(9).toString("hex")}`;
  return tag;
}

const OPEN_OR_CLOSE = /<(\/?)([A-Za-z][\w:.-]*)(?:\s[^<>]*)?(\/?)>/g;

export function shieldIgnoredTags(text: string, tags: readonly string[], caseInsensitive: boolean): ShieldedText {
  if (tags.length === 0 || !text.includes("<")) return { text, kept: [], tag: KEEP_TAG };
  const tag = standInTag(text);
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
    out += `${text.slice(copied, start)}<${tag} i="${kept.length}"/>`;
    kept.push(text.slice(start, end));
    copied = end;
  }
  return { text: out + text.slice(copied), kept, tag };
}

/**
 * The text with each kept element back in place of its stand-in: the first copy of each stand-in
 * only, so the answer is never longer than the engine's text plus the kept elements.
 */
export function restoreIgnoredTags(text: string, shielded: Pick<ShieldedText, "kept" | "tag">): string {
  const { kept, tag } = shielded;
  if (kept.length === 0) return text;
  const restored = new Set<number>();
  // `tag` is `glossa-keep` or that plus hex digits: nothing to escape in a pattern.
  const standIn = new RegExp(`<${tag} i="(\\d+)"\\/>`, "g");
  return text.replace(standIn, (whole, digits: string) => {
    const index = Number(digits);
    if (index >= kept.length || restored.has(index)) return whole;
    restored.add(index);
    return kept[index]!;
  });
}

/** A tag list as DeepL takes it: comma-separated, or an array; names trimmed, empty ones dropped. */
export function tagNames(list: string | readonly string[] | undefined): string[] {
  if (list === undefined) return [];
  const items = typeof list === "string" ? list.split(",") : list.flatMap((item) => item.split(","));
  return items.map((item) => item.trim()).filter((item) => item.length > 0);
}
