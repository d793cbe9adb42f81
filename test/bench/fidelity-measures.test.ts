import { describe, expect, it } from "vitest";
import { eligible, selectSample } from "../../bench/fidelity/catalogues.js";
import { capitaliseFirstWord, firstLetterCase, hasProse, proseVerbatim } from "../../bench/fidelity/measures.js";
import { parsePo, writePo, type PoEntry } from "../../bench/fidelity/po.js";
import { quotePoString, unescapePoString } from "../../src/core/gettext/po-string.js";
import {
  argumentOrder,
  printfConversions,
  sameConversionSet,
  silentlyReordered,
  swapFirstTwo,
  toPositional,
  withoutPositions,
} from "../../bench/fidelity/printf.js";
import { score } from "../../bench/fidelity/score.js";
import { answerItem, humanLookup, swappable } from "../../bench/fidelity/stand-in.js";

describe("printfConversions", () => {
  it.each([
    ["cannot stat %s", ["%s"]],
    ["100%% done, %d left", ["%d"]],
    ["%2$-10.3ld and %1$*2$s", ["%2$-10.3ld", "%1$*2$s"]],
    ["line %<PRIuMAX>: %zd '%.250s'", ["%<PRIuMAX>", "%zd", "%.250s"]],
    ["no conversion here", []],
  ])("%s", (text, raws) => {
    expect(printfConversions(text).map((c) => c.raw)).toEqual(raws);
  });
});

describe("argumentOrder", () => {
  const source = "syntax error at line %d character %zd '%s'";
  it.each([
    ["error de sintaxis en la línea %d, carácter %zd '%s'", "kept"],
    ["error de sintaxis en el carácter %2$zd de la línea %1$d '%3$s'", "positional"],
    ["error de sintaxis en el carácter %zd de la línea %d '%s'", "wrong"],
    ["error en el carácter %1$zd de la línea %2$d '%3$s'", "wrong"],
    ["carácter %2$zd, línea %d '%s'", "wrong"],
    ["línea %d '%s'", "wrong"],
  ])("%s → %s", (output, verdict) => {
    expect(argumentOrder(source, output)).toBe(verdict);
  });

  // A * precision takes an argument of its own: the positional form names both (what msgfmt -c accepts).
  it.each([
    ["%3$.*2$s: %1$s", "positional"],
    ["%1$s: %3$.*2$s", "positional"],
    ["%s: %.*s", "kept"],
    ["%2$.*s: %1$s", "wrong"],
    ["%3$.*1$s: %2$s", "wrong"],
    ["%2$s: %1$.*3$s", "wrong"],
  ])("%%s: %%.*s answered %s → %s", (output, verdict) => {
    expect(argumentOrder("%s: %.*s", output)).toBe(verdict);
  });
});

describe("conversion sets and reordering", () => {
  it("same set whatever the order and numbering, not when one is lost or changed", () => {
    expect(sameConversionSet("%s: %d", "%2$d: %1$s")).toBe(true);
    expect(sameConversionSet("%s: %d", "%s")).toBe(false);
    expect(sameConversionSet("%s: %d", "%s: %ld")).toBe(false);
  });
  it("a silent reorder keeps non-positional conversions in another order", () => {
    expect(silentlyReordered("%s: %d", "%d: %s")).toBe(true);
    expect(silentlyReordered("%s: %d", "%s: %d")).toBe(false);
    expect(silentlyReordered("%s: %d", "%2$d: %1$s")).toBe(false);
  });
  it("numbers, un-numbers and swaps conversions", () => {
    expect(toPositional("de %s a %d (100%%)")).toBe("de %1$s a %2$d (100%%)");
    expect(toPositional("%2$s %1$s")).toBe("%2$s %1$s");
    expect(toPositional("%s:%<PRIuMAX>: %.*s")).toBe("%1$s:%2$<PRIuMAX>: %4$.*3$s");
    expect(toPositional("%-*d|%*.*s")).toBe("%2$-*1$d|%5$*3$.*4$s");
    expect(withoutPositions("%4$.*3$s and %2$*1$d")).toBe("%.*s and %*d");
    expect(withoutPositions("de %1$s a %2$-5d")).toBe("de %s a %-5d");
    expect(swapFirstTwo("de %s a %d")).toBe("de %d a %s");
    expect(swapFirstTwo("de %1$s a %2$d")).toBe("de %2$d a %1$s");
  });
});

describe("casing and prose", () => {
  it.each([
    ["usuario inválido", "lower"],
    ["Usuario nulo", "upper"],
    ["%s: no se puede", "lower"],
    ["`%s': Error", "upper"],
    ["¿Continuar?", "upper"],
    ["%s %d", "none"],
  ])("first letter of %j is %s", (text, letterCase) => {
    expect(firstLetterCase(text)).toBe(letterCase);
  });
  it.each([
    ["usuario inválido", "Usuario inválido"],
    ["%s: no existe", "%s: No existe"],
    ["«%s»: ñandú", "«%s»: Ñandú"],
    ["ai_family no admitido", "ai_family no admitido"],
    ["--max-depth=0", "--max-depth=0"],
    ["<no hay directorio actual>", "<no hay directorio actual>"],
    ["fichero.txt no existe", "fichero.txt no existe"],
  ])("a capitalising model turns %j into %j", (text, expected) => {
    expect(capitaliseFirstWord(text)).toBe(expected);
  });
  it("prose returned verbatim needs a word of three letters outside conversions", () => {
    expect(hasProse("%s: %s")).toBe(false);
    expect(proseVerbatim("invalid user", "invalid user ")).toBe(true);
    expect(proseVerbatim("%s: %lu", "%s: %lu")).toBe(false);
    expect(proseVerbatim("invalid user", "usuario inválido")).toBe(false);
    // Capitalising is not translating; an entry the human left as it is has nothing to translate.
    expect(proseVerbatim("readonly variable", "readonly Variable")).toBe(true);
    expect(proseVerbatim("total", "Total", "total")).toBe(false);
    expect(proseVerbatim("pwd [-LP]", "pwd [-LP]", "pwd [-LP]")).toBe(false);
    expect(proseVerbatim("invalid user", "invalid user", "usuario inválido")).toBe(true);
    // Identifiers are not prose: breaking one is not translating, and a string of identifiers has no prose.
    expect(proseVerbatim("x_y: NULL COMPSPEC", "x_Inserta: NULL COMPSPEC", "x_y: COMPSPEC nulo")).toBe(true);
    expect(proseVerbatim("bg [job_spec ...]", "bg [Trabajo_spec ...]", "bg [id_trabajo ...]")).toBe(false);
    expect(proseVerbatim("bg [job_spec ...]", "bg [job_spec ...]", "bg [id_trabajo ...]")).toBe(false);
  });
});

describe("PO reading and writing", () => {
  const po = [
    'msgid ""',
    'msgstr ""',
    '"Content-Type: text/plain; charset=UTF-8\\n"',
    "",
    "#, c-format",
    'msgid "cannot open %s"',
    'msgstr "no se puede abrir %s"',
    "",
    'msgctxt "menu"',
    'msgid "a \\"quoted\\" "',
    '"tab\\there"',
    'msgstr "una \\"cita\\" tab\\tz"',
    "",
    'msgid "%d file"',
    'msgid_plural "%d files"',
    'msgstr[0] "%d fichero"',
    'msgstr[1] "%d ficheros"',
    "",
  ].join("\n");

  it("reads entries with their flags, context, continuations and plural forms", () => {
    const entries = parsePo(po);
    expect(entries.map((e) => e.source)).toEqual(["", "cannot open %s", 'a "quoted" tab\there', "%d file"]);
    expect(entries[1]!.flags).toEqual(["c-format"]);
    expect(entries[2]).toMatchObject({ context: "menu", translations: ['una "cita" tab\tz'], flags: [] });
    expect(entries[3]).toMatchObject({ sourcePlural: "%d files", translations: ["%d fichero", "%d ficheros"] });
  });

  it("escapes every text so that it reads back the same", () => {
    for (const text of ['a "b" \\ c', "line\nnext\ttab\r\u0007bell", "ñandú «x»"])
      expect(unescapePoString(quotePoString(text).slice(1, -1))).toBe(text);
  });

  it("writes a catalogue whose entries start at the lines it reports", () => {
    const { text, lines } = writePo("es", [
      { source: "a %s", translation: "b %s", cFormat: true },
      { source: "c", translation: "d", cFormat: false },
    ]);
    const rows = text.split("\n");
    expect(rows[lines[0]! - 1]).toBe("#, c-format");
    expect(rows[lines[1]! - 1]).toBe('msgid "c"');
  });
});

describe("the sample", () => {
  const entry = (source: string, extra: Partial<PoEntry> = {}): PoEntry => ({
    source,
    translations: [`ES ${source}`],
    flags: [],
    ...extra,
  });
  it.each([
    [entry("cannot open %s"), true],
    [entry("abc"), false],
    [entry("x".repeat(161)), false],
    [entry("two\nlines"), false],
    [entry("%s: %s"), false],
    [entry("cannot open %s", { translations: [""] }), false],
    [entry("cannot open %s", { flags: ["fuzzy"] }), false],
    [entry("%d file", { sourcePlural: "%d files", translations: ["a", "b"] }), false],
  ])("eligible(%j) is %s", (candidate, expected) => {
    expect(eligible(candidate)).toBe(expected);
  });

  it("keeps the first occurrence of each source, then every k-th up to the maximum", () => {
    const many = Array.from({ length: 10 }, (_, i) => entry(`message number ${i}`));
    const sample = selectSample(
      [
        { name: "one", entries: many },
        { name: "two", entries: [entry("message number 0"), entry("other message %d")] },
      ],
      5,
    );
    expect(sample.map((s) => s.source)).toEqual([
      "message number 0",
      "message number 2",
      "message number 4",
      "message number 6",
      "message number 8",
    ]);
    expect(selectSample([{ name: "two", entries: [entry("other message %d")] }])[0]).toMatchObject({
      catalogue: "two",
      human: "ES other message %d",
      cFormat: true,
      cFormatGuessed: true,
    });
    expect(
      selectSample([{ name: "c", entries: [entry("size %<PRIuMAX> too big", { flags: ["c-format"] })] }])[0],
    ).toMatchObject({ cFormat: true, cFormatGuessed: false });
  });
});

describe("the stand-in models", () => {
  const lookup = humanLookup(
    new Map([
      ["invalid user", "usuario inválido"],
      ["line %d character %zd", "carácter %2$zd de la línea %1$d"],
      ["from %s to %d ", "de %s a %d "],
      ["%s:%<PRIuMAX>: unsorted: %.*s", "%s:%<PRIuMAX>: desordenado: %.*s"],
    ]),
  );
  const prompts = humanLookup(new Map([["%s: descend into %s? ", "%s: sestoupit do %s?"]]));
  it("the oracle answers with the human text, re-expressed in the tokens Glossa sent", () => {
    expect(answerItem("oracle", "invalid user", lookup)).toBe("usuario inválido");
    expect(answerItem("oracle", "from %1$s to %2$d", lookup)).toBe("de %1$s a %2$d");
    expect(answerItem("oracle", "line %1$d character %2$zd", lookup)).toBe("carácter %2$zd de la línea %1$d");
    expect(answerItem("oracle", "unknown text", lookup)).toBeUndefined();
    // the item keeps the source's edges, the answer the human's; an item sent trimmed gets the edges sent
    expect(answerItem("oracle", "%1$s: descend into %2$s? ", prompts)).toBe("%1$s: sestoupit do %2$s?");
    expect(answerItem("oracle", "%1$s: descend into %2$s?", prompts)).toBe("%1$s: sestoupit do %2$s?");
    expect(answerItem("oracle", " %1$s: descend into %2$s?", prompts)).toBe(" %1$s: sestoupit do %2$s?");
    expect(answerItem("oracle", "%1$s:%2$<PRIuMAX>: unsorted: %4$.*3$s", lookup)).toBe(
      "%1$s:%2$<PRIuMAX>: desordenado: %4$.*3$s",
    );
  });
  it("the swapper exchanges two different non-positional arguments; the capitaliser capitalises", () => {
    expect(swappable("de %s a %d ")).toBe(true);
    expect(swappable("de %s a %s")).toBe(false);
    expect(answerItem("swapper", "from %s to %d ", lookup)).toBe("de %d a %s ");
    expect(answerItem("swapper", "from %1$s to %2$d", lookup)).toBe("de %2$d a %1$s");
    expect(answerItem("swapper", "line %1$d character %2$zd", lookup)).toBe("carácter %2$zd de la línea %1$d");
    expect(answerItem("capitaliser", "invalid user", lookup)).toBe("Usuario inválido");
  });
});

describe("score", () => {
  const sample = [
    { catalogue: "c", source: "invalid user", human: "usuario inválido", cFormat: false },
    { catalogue: "c", source: "at line %d char %zd", human: "en la línea %d car %zd", cFormat: true },
    { catalogue: "c", source: "Open file", human: "Abrir fichero", cFormat: false },
  ];
  it("counts case, printf order, verbatim prose and equality with the human text", () => {
    const figures = score(sample, ["Usuario nulo", "en car %zd línea %d", "Open file"]);
    expect(figures).toMatchObject({
      entries: 3,
      caseAgrees: 2,
      lowerSources: 2,
      lowerAnswers: 1,
      printfEntries: 1,
      sameSet: 1,
      rightOrder: 0,
      verbatim: 1,
      equalToHuman: 0,
    });
    expect(
      score(
        sample,
        sample.map((s) => s.human),
      ),
    ).toMatchObject({ chrf: 100, caseAgrees: 3, rightOrder: 1 });
  });
  it("leaves lost strings out of the verbatim count", () => {
    expect(score(sample, ["x", "y", "Open file"], [false, false, true]).verbatim).toBe(0);
  });
});
