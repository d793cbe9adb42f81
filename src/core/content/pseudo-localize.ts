import { splitProtected } from "./protected-segments.js";
import { isWhitespaceAt } from "./whitespace.js";

const ACCENTED: Record<string, string> = {
  a: "á",
  b: "ƀ",
  c: "ç",
  d: "ð",
  e: "é",
  f: "ƒ",
  g: "ĝ",
  h: "ĥ",
  i: "í",
  j: "ĵ",
  k: "ķ",
  l: "ļ",
  m: "ɱ",
  n: "ñ",
  o: "ö",
  p: "þ",
  q: "ǫ",
  r: "ŕ",
  s: "š",
  t: "ţ",
  u: "ú",
  v: "ṽ",
  w: "ŵ",
  x: "ẋ",
  y: "ý",
  z: "ž",
  A: "Á",
  B: "Ɓ",
  C: "Ç",
  D: "Ð",
  E: "É",
  F: "Ƒ",
  G: "Ĝ",
  H: "Ĥ",
  I: "Í",
  J: "Ĵ",
  K: "Ķ",
  L: "Ļ",
  M: "Ṁ",
  N: "Ñ",
  O: "Ö",
  P: "Þ",
  Q: "Ǫ",
  R: "Ŕ",
  S: "Š",
  T: "Ţ",
  U: "Ú",
  V: "Ṽ",
  W: "Ŵ",
  X: "Ẋ",
  Y: "Ý",
  Z: "Ž",
};

/** ACCENTED by UTF-16 code unit, for the letters it maps (all ASCII). */
const ACCENTED_BY_CODE: (string | undefined)[] = [];
for (const [letter, accented] of Object.entries(ACCENTED)) ACCENTED_BY_CODE[letter.charCodeAt(0)] = accented;

const MARKDOWN_BLOCK_MARKER = /^(?:\s{0,3}(?:#{1,6}|>|[-*+]|\d{1,9}[.)])[ \t]+)+/;

/** Extra length, as a share of the translatable characters, to expose truncation in layouts. */
const PADDING_RATIO = 0.3;

/**
 * Deterministic pseudo-localization: accented letters, ~30 % padding, and brackets that
 * show where a string starts and ends; placeholders, ICU syntax and tags are kept verbatim.
 * Leading and trailing whitespace stays outside the brackets, as the source has it
 * (`Hello ` → `[Ĥéļļö ~~] `): a fragment glued to the next one keeps its space
 * (docs/engines.md, "Spacing").
 */
export function pseudoLocalize(input: string): string {
  if (input.trim().length === 0) return input;
  // A Markdown block marker (heading, quote, list item) stays first, or the block would change kind.
  const marker = MARKDOWN_BLOCK_MARKER.exec(input)?.[0] ?? "";
  const unmarked = input.slice(marker.length);
  const leading = unmarked.slice(0, unmarked.length - unmarked.trimStart().length);
  const rest = unmarked.trim();
  const trailing = unmarked.slice(leading.length + rest.length);
  let letters = 0;
  let body = "";
  for (const segment of splitProtected(rest)) {
    if (segment.kind === "protected") {
      body += segment.value;
      continue;
    }
    const text = segment.value;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      const accented = code < 128 ? ACCENTED_BY_CODE[code] : undefined;
      if (accented !== undefined) {
        body += accented;
        letters++;
        continue;
      }
      body += text[i]!;
      if (!isWhitespaceAt(text, i)) letters++;
    }
  }
  // Nothing to translate (a code-block stand-in, a placeholder alone): brackets would break it.
  if (letters === 0) return input;
  const padding = "~".repeat(Math.ceil(letters * PADDING_RATIO));
  return `${marker}${leading}[${body}${padding ? ` ${padding}` : ""}]${trailing}`;
}
