import { splitProtected, type Segment } from "../content/protected-segments.js";
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
  /** Stand-in numbers for numbered printf conversions (`numberedPrintf`), and what each stands for. */
  numbers?: Map<string, string>;
}

export interface MaskOptions {
  xml: boolean;
  /**
   * Numbered printf conversions (`%2$zd`) between non-word characters are sent as stand-in numbers,
   * which a rule-based engine (Apertium) reads as words and moves with the words around them; an
   * empty element is a blank that stays where it is while the words move (`at line %d character
   * %zd` → `en carácter %d de línea %zd`).
   */
  numberedPrintf?: boolean;
  /**
   * The words of a `<metavariable>` (`<file>`, `<no current directory>`: soft tokens) are sent as
   * text between two kept brackets, so that the engine translates them as translators do
   * (`<archivo>`); identifiers (`<file_name>`) and anything else stay whole.
   */
  metavariableWords?: boolean;
}

/** A soft `<…>` token made of words only: letters, digits, spaces, hyphens and apostrophes. */
const WORDS_IN_BRACKETS = /^<(\p{L}[\p{L}\p{N} '-]*)>$/u;

const NUMBERED_PRINTF = /^%\d{1,3}\$/;
const STAND_IN = /(?<![\p{L}\p{N}])\d{4}(?![\p{L}\p{N}])/gu;

/** The first thousand (7100, 8100, 9100…) whose numbers the input does not already contain. */
function standInBase(input: string, count: number): number | null {
  for (let base = 7100; base < 10_000; base += 1000) {
    let clash = false;
    for (let k = 0; k < count && !clash; k++) clash = input.includes(String(base + k));
    if (!clash) return base;
  }
  return null;
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
export function mask(input: string, glossary: readonly GlossaryItem[], options: MaskOptions = { xml: true }): Masked {
  const escape = options.xml ? escapeXml : (text: string) => text;
  const restore: string[] = [];
  const keep = (value: string) => {
    restore.push(value);
    return marker(restore.length - 1);
  };
  const segments = splitProtected(input);
  const numbered = options.numberedPrintf ? numberedPrintfAt(segments) : [];
  const base = numbered.length > 0 ? standInBase(input, numbered.length) : null;
  const numbers = new Map<string, string>();
  let text = "";
  segments.forEach((segment, index) => {
    if (segment.kind === "text") text += maskTerms(segment.value, glossary, keep, escape);
    else if (base !== null && numbered.includes(index)) {
      const standIn = String(base + numbers.size);
      numbers.set(standIn, segment.value);
      text += standIn;
    } else {
      const words = options.metavariableWords && segment.soft ? WORDS_IN_BRACKETS.exec(segment.value) : null;
      text += words ? keep("<") + escape(words[1]!) + keep(">") : keep(segment.value);
    }
  });
  return numbers.size > 0 ? { text, restore, numbers } : { text, restore };
}

/** Indexes of the numbered printf conversions with no letter or digit right before or after them. */
function numberedPrintfAt(segments: readonly Segment[]): number[] {
  const wordy = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);
  const found: number[] = [];
  segments.forEach((segment, index) => {
    if (segment.kind !== "protected" || segment.soft || !NUMBERED_PRINTF.test(segment.value)) return;
    if (!wordy(segments[index - 1]?.value.at(-1)) && !wordy(segments[index + 1]?.value[0])) found.push(index);
  });
  return found;
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
  numbers?: ReadonlyMap<string, string>,
): string {
  const unescapeText = options.xml ? unescapeXmlText : (text: string) => text;
  // Each stand-in and each marker is put back at most once (docs/security.md, "Internal markers"):
  // an engine that repeats one cannot multiply what it stands for; a copy stays as it came (output
  // validation then refuses it).
  const numbersUsed = new Set<string>();
  const unescapeXml = numbers
    ? (text: string) =>
        unescapeText(text).replace(STAND_IN, (found) => {
          const original = numbers.get(found);
          if (original === undefined || numbersUsed.has(found)) return found;
          numbersUsed.add(found);
          return original;
        })
    : unescapeText;
  const restored = new Set<number>();
  const parts: string[] = [];
  let last = 0;
  for (const match of translated.matchAll(MARKER)) {
    parts.push(unescapeXml(translated.slice(last, match.index)));
    const index = Number(match[1]);
    const original = restore[index];
    parts.push(original === undefined ? "" : restored.has(index) ? match[0] : original);
    restored.add(index);
    last = match.index + match[0].length;
  }
  parts.push(unescapeXml(translated.slice(last)));
  return parts.join("");
}
