import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { deformatHtml, reformatHtml } from "../../src/core/engines/apertium-html-format.js";
import { mask } from "../../src/core/engines/markers.js";

describe("deformatHtml", () => {
  it.each<[string, string, string]>([
    ["text gets a sentence end at the end", "The cat is black", "The cat is black.[]"],
    ["a single space stays a space, a run of them is a superblank", "a b  c", "a b[  ]c.[]"],
    ["newlines, tabs and ~ are formatting", "a\nb\tc~d", "a[\n]b[\t]c[~]d.[]"],
    [
      "a tag joins the blanks around it in one superblank, its reserved characters escaped",
      'Hello <g-p i="0"/> world',
      'Hello[ <g-p i="0"\\/> ]world.[]',
    ],
    [
      "a block element ends the sentence right after the text before it",
      'one <hr data-glossa-split="0">two<hr data-glossa-split="1">',
      'one.[][ <hr data-glossa-split="0">]two.[][<hr data-glossa-split="1">]',
    ],
    ["a sentence that has its own full stop still gets one", "Done.<p>", "Done..[][<p>]"],
    [
      "the reserved characters of text are escaped",
      "[x] ^y$ a/b @c {d} \\e",
      "\\[x\\] \\^y\\$ a\\/b \\@c \\{d\\} \\\\e.[]",
    ],
    ["entities outside the table are formatting", "Tom &amp; Jerry &lt;3", "Tom[ &amp; ]Jerry[ &lt;]3.[]"],
    ["the table's entities become their characters", "caf&eacute; &#233;t&#xE9; &laquo;x&raquo;", "café été «x».[]"],
    ["`{{…}}` is kept whole as formatting", "a {{b c}} d", "a[ \\{\\{b c\\}\\} ]d.[]"],
    ["an unclosed `{{` runs to the end", "a {{b", "a.[][ \\{\\{b]"],
    ["a `<` that starts no tag is formatting", "a < b", "a[ < ]b.[]"],
    ["nothing at all", "", ".[]"],
  ])("%s", (_name, html, expected) => {
    expect(deformatHtml(html)).toBe(expected);
  });
});

describe("reformatHtml", () => {
  it.each<[string, string, string]>([
    [
      "drops superblank brackets and sentence ends, undoes escapes",
      'Hola[ <g-p i="0"\\/> ]mundo.[][<hr data-glossa-split="0">]',
      'Hola <g-p i="0"/> mundo<hr data-glossa-split="0">',
    ],
    ["keeps a translation's own full stop", "Hecho..[]", "Hecho."],
    ["a backslash before anything else stays", "a\\.b \\x", "a\\.b \\x"],
    ["an escaped @ at a superblank's start", "[\\@x]", "@x"],
  ])("%s", (_name, stream, expected) => {
    expect(reformatHtml(stream)).toBe(expected);
  });

  it("gives back what deformatHtml was given when nothing is translated", () => {
    const html = 'a [b] {c} ^d$ e/f @g \\h  i\tj\n<g-p i="0"/>&amp;k<hr data-glossa-split="0">';
    expect(reformatHtml(deformatHtml(html))).toBe(html);
  });
});

function installed(program: string): boolean {
  try {
    execFileSync("sh", ["-c", `command -v ${program}`], { stdio: "pipe" });
    return true;
  } catch {
    return false;
  }
}

/** A small deterministic generator (mulberry32), so that a failure names a document that can be run again. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Strings of what UI texts hold: words, blanks of every kind, Apertium's reserved characters, tags, entities, printf, non-ASCII. */
function uiStrings(count: number): string[] {
  const next = random(38);
  const pieces = [
    "file",
    "Cannot",
    "open",
    " ",
    " ",
    "  ",
    "\t",
    "\n",
    "\r\n",
    "~",
    "[",
    "]",
    "^",
    "$",
    "/",
    "@",
    "{",
    "}",
    "\\",
    "{{",
    "}}",
    "&",
    "&amp;",
    "&eacute;",
    "<",
    ">",
    "<b>",
    "</b>",
    "<br>",
    "<p>",
    "%s",
    "%d",
    "%1$s",
    "{name}",
    "café",
    "«",
    "»",
    "—",
    "’",
    ".",
    ",",
    ":",
    "!",
    "?",
    "'",
    '"',
    "#",
    "|",
    "*",
    "😀",
    "ß",
    "x",
  ];
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + Math.floor(next() * 12) }, () => pieces[Math.floor(next() * pieces.length)]!).join(""),
  );
}

/** Documents as the Apertium provider builds them: masked strings, each followed by a separator. */
function documents(): string[] {
  const strings = uiStrings(3000);
  const out: string[] = [];
  for (let first = 0; first < strings.length; first += 30) {
    out.push(
      strings
        .slice(first, first + 30)
        .map((text, index) => {
          const masked = mask(text, [], { xml: true, numberedPrintf: true, metavariableWords: true }).text;
          return `${masked}<hr data-glossa-split="${index}">`;
        })
        .join(""),
    );
  }
  return out;
}

describe.runIf(installed("apertium-deshtml") && installed("apertium-rehtml"))(
  "the same as Apertium's own programs on the documents Glossa sends",
  () => {
    const docs = documents();
    const env = { ...process.env, LC_CTYPE: "C.UTF-8" };

    it("deformatHtml writes what apertium-deshtml writes", () => {
      for (const html of docs) {
        expect(deformatHtml(html)).toBe(execFileSync("apertium-deshtml", [], { input: html, env }).toString("utf8"));
      }
    });

    it("reformatHtml writes what apertium-rehtml writes", () => {
      for (const html of docs) {
        const stream = deformatHtml(html);
        expect(reformatHtml(stream)).toBe(execFileSync("apertium-rehtml", [], { input: stream, env }).toString("utf8"));
      }
    });
  },
);
