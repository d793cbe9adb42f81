import { splitProtected } from "../content/protected-segments.js";
import type { GlossaryItem } from "./glossary-item.js";
import { findGlossaryTerms } from "./glossary-terms.js";

/**
 * For engines that cannot be told what to keep (Apertium, DeepL): text is XML-escaped and
 * every placeholder, tag and glossary term becomes an empty `<g-p i="N"/>` element, which
 * both engines carry through translation; `unmask` puts the originals back (a
 * custom-translation term comes back as its translation).
 */
export interface Masked {
  text: string;
  restore: string[];
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const ENTITY = /&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi;
function unescapeXmlText(text: string): string {
  return text.replace(ENTITY, (_, name: string) => {
    const lower = name.toLowerCase();
    if (lower === "amp") return "&";
    if (lower === "lt") return "<";
    if (lower === "gt") return ">";
    if (lower === "quot") return '"';
    if (lower === "apos") return "'";
    const code = lower.startsWith("#x") ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : _;
  });
}

export const marker = (index: number) => `<g-p i="${index}"/>`;
/** Apertium's HTML mode (3.8) gives an empty element back as `<g-p i="N"></g-p>`: both forms count. */
const MARKER = /<g-p\s+i="(\d+)"\s*(?:\/>|><\/g-p>)/g;

/** `xml: false` leaves the text unescaped, for engines that do not read XML (pseudo). */
export function mask(
  input: string,
  glossary: readonly GlossaryItem[],
  options: { xml: boolean } = { xml: true },
): Masked {
  const escape = options.xml ? escapeXml : (text: string) => text;
  const restore: string[] = [];
  const keep = (value: string) => {
    restore.push(value);
    return marker(restore.length - 1);
  };
  let text = "";
  for (const segment of splitProtected(input)) {
    text += segment.kind === "protected" ? keep(segment.value) : maskTerms(segment.value, glossary, keep, escape);
  }
  return { text, restore };
}

function maskTerms(
  text: string,
  glossary: readonly GlossaryItem[],
  keep: (value: string) => string,
  escapeXml: (text: string) => string,
): string {
  if (glossary.length === 0) return escapeXml(text);
  let out = "";
  let last = 0;
  for (const hit of findGlossaryTerms(glossary, text)) {
    out +=
      escapeXml(text.slice(last, hit.index)) +
      keep(hit.item.type === "custom_translation" ? hit.item.translation : hit.text);
    last = hit.index + hit.text.length;
  }
  return out + escapeXml(text.slice(last));
}

/** Restores the originals; markers the engine dropped stay lost (output validation rejects that). */
export function unmask(
  translated: string,
  restore: readonly string[],
  options: { xml: boolean } = { xml: true },
): string {
  const unescapeXml = options.xml ? unescapeXmlText : (text: string) => text;
  const parts: string[] = [];
  let last = 0;
  for (const match of translated.matchAll(MARKER)) {
    parts.push(unescapeXml(translated.slice(last, match.index)));
    parts.push(restore[Number(match[1])] ?? "");
    last = match.index + match[0].length;
  }
  parts.push(unescapeXml(translated.slice(last)));
  return parts.join("");
}
