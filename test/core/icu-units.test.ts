import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { keepEdgeWhitespace } from "../../src/core/content/edge-whitespace.js";
import { scanPlaceholders } from "../../src/core/content/flat-placeholders.js";
import { icuUnits, MAX_UNITS_PER_MESSAGE } from "../../src/core/content/icu-units.js";
import { placeholderProblems } from "../../src/core/engines/validate-output.js";

/** Rebuilds `texts` after "translating" each unit with `translate`. */
function roundTrip(texts: string[], translate: (unit: string) => string) {
  const plan = icuUnits(texts);
  return plan.rebuild(plan.units.map(translate));
}

describe("ICU messages become one unit per plural/select branch", () => {
  it.each([
    ["Save", ["Save"]],
    ["Hello {name}", ["Hello {name}"]],
    ["{n, plural, one {# message} other {# messages}}", ["{#} message", "{#} messages"]],
    [
      "You have {n, plural, =0 {no messages} one {one message from {name}} other {# messages}}.",
      ["no messages", "one message from {name}", "{#} messages", "You have {#1}."],
    ],
    [
      "{g, select, female {She has {n, plural, one {# cat} other {# cats}}} other {They have {n, plural, one {# cat} other {# cats}}}}",
      ["{#} cat", "{#} cats", "She has {#1}", "{#} cat", "{#} cats", "They have {#1}"],
    ],
    // Branches without text are kept as they are, not sent.
    ["{n, plural, =0 {} one {#} other {# <b>items</b>}}", ["{#} <b>items</b>"]],
    // Literal text is unquoted; simple arguments stay as written.
    [
      "{n, plural, one {it''s {n, number, ::percent}} other {'#' {when, date, short}}}",
      ["it's {n, number, ::percent}", "# {when, date, short}"],
    ],
    // Quoted braces could be taken for placeholders: the message stays whole.
    ["{n, plural, one {'{'x'}'} other {y}}", ["{n, plural, one {'{'x'}'} other {y}}"]],
    // Not ICU at all: one unit.
    ["Click {a,select,x{y} here", ["Click {a,select,x{y} here"]],
  ])("%j → %j", (text, units) => {
    expect(icuUnits([text]).units).toEqual(units);
  });

  it("says which input each unit comes from", () => {
    const plan = icuUnits(["A", "{n, plural, one {x} other {y}}", "B"]);
    expect(plan.units).toEqual(["A", "x", "y", "B"]);
    expect(plan.owners).toEqual([0, 1, 1, 2]);
  });

  it("refuses outputs that do not match the units", () => {
    expect(() => icuUnits(["a", "b"]).rebuild(["x"])).toThrow(RangeError);
  });
});

describe("rebuild keeps the source's skeleton and writes valid ICU", () => {
  const upper = (unit: string) =>
    scanPlaceholders(unit)
      .map((segment) => (segment.kind === "text" ? segment.value.toUpperCase() : segment.value))
      .join("");

  it.each([
    ["Save", "SAVE"],
    ["{n, plural, one {# message} other {# messages}}", "{n, plural, one {# MESSAGE} other {# MESSAGES}}"],
    [
      "You have {count , plural,offset:1 =0 {no messages}  one {one from {name}} other {# more}}.",
      "YOU HAVE {count , plural,offset:1 =0 {NO MESSAGES}  one {ONE FROM {name}} other {# MORE}}.",
    ],
    [
      "{g, select, female {She has {n, plural, one {# cat} other {# cats}}} other {They}}",
      "{g, select, female {SHE HAS {n, plural, one {# CAT} other {# CATS}}} other {THEY}}",
    ],
    // A branch that was not sent comes back exactly as written.
    ["{n, plural, =0 {} one {#} other {# items}}", "{n, plural, =0 {} one {#} other {# ITEMS}}"],
  ])("%j → %j", (text, expected) => {
    expect(roundTrip([text], upper)).toEqual([expected]);
  });

  it.each([
    // French elision before a placeholder or `#` must not start ICU quoting.
    [
      "{n, plural, one {# article} other {the {name}}}",
      "{n, plural, one {# l'article} other {l''{name}}}",
      (u: string) => u.replace("article", "l'article").replace("the ", "l'"),
    ],
    // A trailing apostrophe in a branch would quote the closing brace.
    [
      "{n, plural, one {# item} other {# items}}",
      "{n, plural, one {# item''} other {# items''}}",
      (u: string) => `${u}'`,
    ],
    // A literal `#` in a plural is quoted; the number stays `#`.
    ["{n, plural, other {# items}}", "{n, plural, other {# items (No. '#'1)}}", (u: string) => `${u} (No. #1)`],
    // Sources written Java-style, with every apostrophe doubled, get doubled apostrophes.
    ["{n, plural, other {it''s #}}", "{n, plural, other {c''est #}}", (u: string) => u.replace("it's", "c'est")],
  ])("%j → %j", (text, expected, translate) => {
    const rebuilt = roundTrip([text], translate);
    expect(rebuilt).toEqual([expected]);
    expect(placeholderProblems(text, rebuilt[0]!)).toEqual([]);
  });

  it("restores the edge whitespace of each branch (engines trim or add spaces)", () => {
    expect(roundTrip(["{n, plural, one { # item } other {# items}}"], (unit) => ` ${unit.trim()}  `)).toEqual([
      "{n, plural, one { # item } other {# items}}",
    ]);
  });

  it("returns the source unchanged when the engine returns the units unchanged", () => {
    const texts = [
      "{n, plural, one {it's 'quoted' #} other {# '<b>'x'</b>'}}",
      "Plain 'text'",
      "{g, select, other {a'b}}",
    ];
    expect(roundTrip(texts, (unit) => unit)).toEqual(texts);
  });
});

describe("rebuilt messages keep their structure, whatever the translation does to the text", () => {
  const text = fc.constantFrom("a", "é", " ", "it's", "''", "<b>", "%s", ":", "_", "#", "'#'", "&amp;");
  const { message, choice } = fc.letrec((tie) => ({
    message: fc
      .array(fc.oneof({ depthSize: "small" }, text, fc.constantFrom("{name}", "{n, number}"), tie("choice")), {
        maxLength: 4,
      })
      .map((parts) => (parts as string[]).join("")),
    choice: fc
      .record({
        argument: fc.constantFrom("n", "g"),
        type: fc.constantFrom("plural", "select", "selectordinal"),
        branches: fc.uniqueArray(fc.tuple(fc.constantFrom("one", "other", "=0", "few", "male"), tie("message")), {
          minLength: 1,
          maxLength: 3,
          selector: (branch) => (branch as [string, string])[0],
        }),
      })
      .map(
        ({ argument, type, branches }) =>
          `{${argument}, ${type}, ${(branches as [string, string][]).map(([key, body]) => `${key} {${body}}`).join(" ")}}`,
      ),
  }));
  const splitMessage = fc
    .tuple(message, choice, message)
    .map((parts) => parts.join(""))
    .filter((source) => icuUnits([source]).units[0] !== source);
  // ICU-significant characters appended to every text segment, right before the next placeholder.
  const additions = fc
    .array(fc.constantFrom("'", "#", "''", " ", "'#", "#'", "##", "¶", "<", ">", "|", "'<"), {
      minLength: 1,
      maxLength: 4,
    })
    .map((parts) => parts.join(""));

  it("parses to the same arguments, keys and placeholders, and reads back as the translated units", () => {
    fc.assert(
      fc.property(splitMessage, additions, (source, added) => {
        const plan = icuUnits([source]);
        const translated = plan.units.map((unit) =>
          scanPlaceholders(unit)
            .map((segment) => (segment.kind === "text" ? `${segment.value} ${added}` : segment.value))
            .join(""),
        );
        const rebuilt = plan.rebuild(translated)[0]!;
        expect(placeholderProblems(source, rebuilt)).toEqual([]);
        expect(icuUnits([rebuilt]).units).toEqual(
          translated.map((unit, index) => keepEdgeWhitespace(plan.units[index]!, unit)),
        );
      }),
      { numRuns: 500 },
    );
  });
});

describe("edge whitespace", () => {
  it.each([
    [" a ", "b", " b "],
    ["a", " b ", "b"],
    ["\n a", "b  ", "\n b"],
    ["  ", "x", "x"],
    ["a", "   ", "   "],
  ])("%j with output %j → %j", (source, output, expected) => {
    expect(keepEdgeWhitespace(source, output)).toBe(expected);
  });
});

describe("plurals get the target language's categories (docs/engines.md#plural-categories-the-targets)", () => {
  const polish = { sourceLocale: "en", targetLocale: "pl" } as const;
  const message = "You have {n, plural, =0 {no files} one {# file} other {# files}}.";

  it.each([
    ["named", ["no files", "{#one} file", "{#few} files", "{#many} files", "{#other} files", "You have {#1}."]],
    ["numbered", ["no files", "1 file", "2 files", "5 files", "1.5 files", "You have {#1}."]],
  ] as const)("%s: one unit per Polish category, from the English branch its numbers take", (numbers, units) => {
    expect(icuUnits([message], { ...polish, numbers }).units).toEqual(units);
  });

  it("rebuilds the Polish message: =N kept, each category translated, `#` put back", () => {
    const answers: Record<string, string> = {
      "no files": "brak plików",
      "1 file": "1 plik",
      "2 files": "2 pliki",
      "5 files": "5 plików",
      "1.5 files": "1,5 pliku",
      "You have {#1}.": "Masz {#1}.",
    };
    const plan = icuUnits([message], { ...polish, numbers: "numbered" });
    expect(plan.rebuild(plan.units.map((unit) => answers[unit]!))).toEqual([
      "Masz {n, plural, =0 {brak plików} one {# plik} few {# pliki} many {# plików} other {# pliku}}.",
    ]);
    plan.units.forEach((unit, index) => expect(plan.problem(index, answers[unit]!)).toBeUndefined());
  });

  it("a form whose branch writes no number is tagged with its category for engines told it by name, and the tag taken off", () => {
    const plan = icuUnits(["{n, plural, one {One file} other {# files}}"], { ...polish, numbers: "named" });
    expect(plan.units).toEqual(["{plural:one}One file", "{#few} files", "{#many} files", "{#other} files"]);
    const polishAnswers: Record<string, string> = {
      "{plural:one}One file": "Jeden {plural:one} plik",
      "{#few} files": "{#few} pliki",
      "{#many} files": "{#many} plików",
      "{#other} files": "{#other} pliku",
    };
    expect(plan.rebuild(plan.units.map((unit) => polishAnswers[unit]!))).toEqual([
      "{n, plural, one {Jeden plik} few {# pliki} many {# plików} other {# pliku}}",
    ]);
    // Russian `one` is 1, 21, 31…: written from the branch with the number.
    expect(
      icuUnits(["{n, plural, one {One file} other {# files}}"], {
        sourceLocale: "en",
        targetLocale: "ru",
        numbers: "named",
      }).units[0],
    ).toBe("{#one} files");
  });

  it("a unit whose number did not come back is a problem, named with its category", () => {
    const plan = icuUnits(["{n, plural, one {# file} other {# files}}"], { ...polish, numbers: "numbered" });
    const few = plan.units.indexOf("2 files");
    expect(plan.problem(few, "pliki")).toBe('the number 2 given for the plural form "few" did not come back');
    expect(plan.problem(few, "2 files")).toBeUndefined(); // untranslated: reported as such elsewhere
  });

  it("a branch that already writes a category's first number gets another one", () => {
    const plan = icuUnits(["{n, plural, one {# file in 2 folders} other {# files in 2 folders}}"], {
      ...polish,
      numbers: "numbered",
    });
    expect(plan.units).toContain("3 files in 2 folders");
  });

  it("Japanese gets `other` only; select keeps its keys; offset and spacing of the head are kept", () => {
    const plan = icuUnits(["{g, select, female {{n, plural, offset:1 one {# cat} other {# cats}}} other {x}}"], {
      sourceLocale: "en",
      targetLocale: "ja",
      numbers: "named",
    });
    expect(plan.rebuild(plan.units)).toEqual(["{g, select, female {{n, plural, offset:1 other {# cats}}} other {x}}"]);
  });

  it("the same categories as the source keep the source's skeleton byte for byte", () => {
    const text = "{n,plural,one{# file}   other{# files}}";
    const plan = icuUnits([text], { sourceLocale: "en", targetLocale: "de", numbers: "numbered" });
    expect(plan.units).toEqual(["1 file", "2 files"]);
    expect(plan.rebuild(["1 Datei", "2 Dateien"])).toEqual(["{n,plural,one{# Datei}   other{# Dateien}}"]);
  });

  it("selectordinal takes the target's ordinal categories", () => {
    const plan = icuUnits(["{p, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} place"], {
      sourceLocale: "en",
      targetLocale: "cy",
      numbers: "named",
    });
    expect(plan.units.slice(0, 6)).toEqual([
      "{#zero:ordinal}th",
      "{#one:ordinal}st",
      "{#two:ordinal}nd",
      "{#few:ordinal}rd",
      "{#many:ordinal}th",
      "{#other:ordinal}th",
    ]);
  });

  it(`nested plurals that would expand past ${MAX_UNITS_PER_MESSAGE} units keep the source's categories`, () => {
    let text = "{a0, plural, one {# x} other {# y}}";
    for (let level = 1; level < 6; level++) text = `{a${level}, plural, one {# x ${text}} other {# y ${text}}}`;
    const arabic = icuUnits([text], { sourceLocale: "en", targetLocale: "ar", numbers: "named" });
    const english = icuUnits([text]);
    expect(arabic.units.length).toBe(english.units.length);
    const twoLevels = icuUnits(["{a, plural, one {# x {b, plural, one {# y} other {# z}}} other {# w}}"], {
      sourceLocale: "en",
      targetLocale: "ar",
      numbers: "named",
    });
    // The outer `one` (with the nested plural, in six forms) and five forms from `other`.
    expect(twoLevels.units.length).toBe(12);
  });

  it("property: any target answers in exactly its categories and parses", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("pl", "ru", "ar", "ja", "cy", "es", "fr", "ga", "de"),
        fc.constantFrom("named", "numbered"),
        (targetLocale, numbers) => {
          const plan = icuUnits([message], { sourceLocale: "en", targetLocale, numbers });
          const [rebuilt] = plan.rebuild(plan.units.map((unit) => unit.replace(/files?/, "X")));
          const keys = [...rebuilt!.matchAll(/(=0|zero|one|two|few|many|other) \{/g)].map((m) => m[1]);
          const categories = new Intl.PluralRules(targetLocale).resolvedOptions().pluralCategories;
          expect(new Set(keys)).toEqual(new Set(["=0", ...categories]));
          expect(placeholderProblems(message, rebuilt!, { sourceLocale: "en", targetLocale })).toEqual([]);
        },
      ),
    );
  });
});
