/**
 * Faults put in on purpose into human translations, one kind at a time, and the check each
 * must be caught by. Pure functions: a fault answers the faulty translation, or null when the
 * pair has nothing it could break. printf conversions are read with the fidelity bench's own
 * parser (bench/fidelity/printf.ts), not Glossa's.
 */
import { printfConversions, type Conversion } from "../fidelity/printf.js";

export interface Fault {
  name: string;
  /** The check that must report it. */
  check: string;
  /** The pair with the fault put in, or null when it does not apply. */
  apply(source: string, human: string): { source: string; translation: string } | null;
}

const replaceAt = (text: string, index: number, length: number, by: string) =>
  text.slice(0, index) + by + text.slice(index + length);

/** The conversion letter and length: `%-20s` and `%s` read the same type, `%d` and `%s` do not. */
const typeOf = (conversion: Conversion) => conversion.spec.replace(/^%[-+ #0'I]*(?:\d+|\*)?(?:\.(?:\d+|\*)?)?/, "");

/** Exchanges two conversions of `text` (their spans), the later one first. */
function exchange(text: string, a: Conversion, b: Conversion): string {
  const swapped = replaceAt(text, b.index, b.raw.length, a.raw);
  return replaceAt(swapped, a.index, a.raw.length, b.raw);
}

/**
 * The conversions C99 defines (`%s`, `%5.2f`, `%lu`, `%<PRIuMAX>`): help text documents date(1)'s
 * and stat(1)'s format letters (`%C`, `%S`, `%n`) and `ARG1 % ARG2`, which the fidelity parser
 * reads as glibc's conversions or a space flag; a fault is put only into real printf conversions.
 */
const cConversions = (text: string) =>
  printfConversions(text).filter((c) =>
    /^%[-+#0']*(?:\d+|\*)?(?:\.(?:\d+|\*)?)?(?:hh|h|ll|l|L|q|j|z|t)?(?:[diouxXeEfFgGaAcsp]|<PRI\w+>)$/.test(c.spec),
  );

function swapWhere(human: string, pick: (a: Conversion, b: Conversion) => boolean): string | null {
  const conversions = cConversions(human);
  if (conversions.some((c) => c.position !== undefined)) return null;
  for (let i = 0; i < conversions.length; i++)
    for (let j = i + 1; j < conversions.length; j++)
      if (pick(conversions[i]!, conversions[j]!)) return exchange(human, conversions[i]!, conversions[j]!);
  return null;
}

/** printf conversions masked (same length), so that a width such as `%5d` is not taken for a number of the text. */
const masked = (text: string) => {
  let out = text;
  for (const c of printfConversions(text)) out = replaceAt(out, c.index, c.raw.length, "\u0001".repeat(c.raw.length));
  return out;
};

const only = (translation: string | null, source: string) => (translation === null ? null : { source, translation });

export const FAULTS: readonly Fault[] = [
  {
    name: "printf conversion dropped",
    check: "printf",
    apply: (source, human) => {
      const first = cConversions(human)[0];
      return only(first ? replaceAt(human, first.index, first.raw.length, "") : null, source);
    },
  },
  {
    name: "two printf conversions swapped",
    check: "printf",
    apply: (source, human) =>
      only(
        swapWhere(human, (a, b) => typeOf(a) !== typeOf(b)),
        source,
      ),
  },
  {
    name: "same-type printf swap (%s … %-20s)",
    check: "printf",
    apply: (source, human) =>
      only(
        swapWhere(human, (a, b) => typeOf(a) === typeOf(b) && a.raw !== b.raw),
        source,
      ),
  },
  {
    name: "trailing \\n dropped",
    check: "newlines",
    apply: (source, human) => only(human.endsWith("\n") ? human.slice(0, -1) : null, source),
  },
  {
    name: "leading \\n dropped",
    check: "newlines",
    apply: (source, human) => only(human.startsWith("\n") ? human.slice(1) : null, source),
  },
  {
    name: "trailing colon dropped",
    check: "end-punctuation",
    apply: (source, human) => {
      const end = /:(\s*)$/.exec(human);
      return only(end && /:\s*$/.test(source) ? replaceAt(human, end.index, 1, "") : null, source);
    },
  },
  {
    name: "left untranslated",
    check: "untranslated",
    apply: (source, human) => only(source.trim() !== human.trim() ? source : null, source),
  },
  {
    name: "URL changed",
    check: "urls",
    apply: (source, human) => {
      const url = /[a-z][a-z0-9+.-]*:\/\/([^\s<>"'/]+)/i.exec(human);
      if (!url) return null;
      const host = url.index + url[0].indexOf(url[1]!);
      return only(replaceAt(human, host, 0, "x"), source);
    },
  },
  {
    name: "HTML tag dropped",
    check: "markup",
    // Debian's catalogues hold no HTML: the first word of three letters is put in <b>…</b> on both sides, then the closing tag dropped.
    apply: (source, human) => {
      const word = /(?<![\p{L}%\\])\p{L}{3,}/u;
      const inSource = word.exec(masked(source));
      const inHuman = word.exec(masked(human));
      if (!inSource || !inHuman) return null;
      const bold = (text: string, at: RegExpExecArray) => replaceAt(text, at.index, at[0].length, `<b>${at[0]}</b>`);
      const taggedHuman = bold(human, inHuman);
      return { source: bold(source, inSource), translation: taggedHuman.replace("</b>", "") };
    },
  },
  {
    name: "space doubled",
    check: "doubled-space",
    apply: (source, human) => {
      const single = /(?<=\S) (?=\S)/.exec(human);
      return only(single ? replaceAt(human, single.index, 1, "  ") : null, source);
    },
  },
  {
    name: "number changed",
    check: "numbers",
    // A number of the text, standing alone (not `--base16` or `FILE1`), that the source has too.
    apply: (source, human) => {
      const standalone = /(?<![\p{L}\p{N}_.=$-])\d+(?![\p{L}\p{N}_])/gu;
      const inSource = new Set(masked(source).match(standalone) ?? []);
      for (const number of masked(human).matchAll(standalone)) {
        if (!inSource.has(number[0])) continue;
        const digit = number.index + number[0].length - 1;
        return only(replaceAt(human, digit, 1, String((Number(human[digit]) + 1) % 10)), source);
      }
      return null;
    },
  },
  {
    name: "bracket unbalanced",
    check: "brackets",
    apply: (source, human) => {
      const close = /[)\]]/.exec(human);
      return only(close ? replaceAt(human, close.index, 1, "") : null, source);
    },
  },
  {
    name: "word doubled",
    check: "doubled-word",
    apply: (source, human) => {
      const word = /(?<![\p{L}\p{N}_%\\/.@:-])\p{Ll}{3,}(?![\p{L}\p{N}_/@-]|\.\p{L})/u.exec(masked(human));
      return only(word ? replaceAt(human, word.index, word[0].length, `${word[0]} ${word[0]}`) : null, source);
    },
  },
];
