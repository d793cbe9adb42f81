import { describe, expect, it } from "vitest";
import { PoReader, type PoEntry } from "../../src/core/gettext/po-parser.js";
import {
  formsOf,
  fuzzyChange,
  needsTranslation,
  poEntryKey,
  poRequest,
  resizedForms,
  sameEdgeLineBreaks,
} from "../../src/cli/localize/po-plan.js";

function entry(text: string): PoEntry {
  const reader = new PoReader();
  for (const line of text.split("\n")) reader.push(line);
  return reader.end()!;
}

const plural = entry(
  '#, c-format\nmsgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] "%d plik"\nmsgstr[1] ""\nmsgstr[2] ""\n',
);

describe("which entries are sent", () => {
  it.each([
    ['msgid "a"\nmsgstr ""', {}, true],
    ['msgid "a"\nmsgstr "b"', {}, false],
    ['msgid "a"\nmsgstr "b"', { force: true }, true],
    ['#, fuzzy\nmsgid "a"\nmsgstr "b"', {}, false],
    ['#, fuzzy\nmsgid "a"\nmsgstr "b"', { fuzzy: true }, true],
    ['msgid ""\nmsgstr "Language: pl\\n"', { force: true }, false],
    ['#~ msgid "a"\n#~ msgstr ""', { force: true }, false],
  ])("%j with %j → %s", (text, options, sent) => {
    expect(needsTranslation(entry(text), { force: false, fuzzy: false, ...options })).toBe(sent);
  });

  it("sends a plural entry with one empty form, and keeps its translated forms", () => {
    expect(needsTranslation(plural, { force: false, fuzzy: false })).toBe(true);
    const request = poRequest(plural);
    const forms = formsOf(
      plural,
      request,
      "{n, plural, one {# X} few {# Y} many {# Z}}",
      ["one", "few", "many"],
      false,
    );
    expect(forms).toEqual({ ok: true, strings: ["%d plik", "%d Y", "%d Z"] });
  });

  it("keys entries by msgctxt and msgid", () => {
    expect(poEntryKey(entry('msgctxt "verb"\nmsgid "Open"\nmsgstr ""'))).toBe("verb\u0004Open");
    expect(poEntryKey(entry('msgid "Open"\nmsgstr ""'))).toBe("Open");
  });

  it("does not turn a no-c-format entry's %d into the count", () => {
    const request = poRequest(
      entry('#, no-c-format\nmsgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] ""\nmsgstr[1] ""'),
    );
    expect(request.message).toBe("{n, plural, one {%d file} other {%d files}}");
    expect(request.hints).toEqual(["Not a printf format: a % sign here is literal text, not a placeholder."]);
  });

  it("resizes an untranslated plural entry to nplurals", () => {
    expect(resizedForms(entry('msgid "a"\nmsgid_plural "b"\nmsgstr[0] ""\nmsgstr[1] ""'), 3)).toEqual(["", "", ""]);
    expect(resizedForms(plural, 3)).toBeUndefined();
  });
});

describe("the fuzzy mark", () => {
  const fuzzy = entry('#, fuzzy\nmsgid "a"\nmsgid_plural "b"\nmsgstr[0] "x"\nmsgstr[1] ""');
  const none = { force: false, fuzzy: false, markFuzzy: false };
  it.each([
    ["is added to every machine translation with --mark-fuzzy", fuzzy, { ...none, markFuzzy: true }, "add"],
    ["is removed when --fuzzy replaced every form", fuzzy, { ...none, fuzzy: true }, "remove"],
    ["is removed when --force replaced every form", fuzzy, { ...none, force: true }, "remove"],
    ["stays when only the empty forms were filled", fuzzy, none, "keep"],
    ["is not added otherwise", entry('msgid "a"\nmsgstr ""'), none, "keep"],
  ] as const)("%s", (_name, subject, options, change) => {
    expect(fuzzyChange(subject, options)).toBe(change);
  });
});

describe("a translation begins and ends with a line break where its msgid does", () => {
  it.each([
    ["Usage\n", "Uso", "Uso\n"],
    ["Usage", "Uso\n", "Uso"],
    ["\nUsage", "Uso", "\nUso"],
    ["a\nb", "x\ny", "x\ny"],
  ])("%j answered %j → %j", (source, answer, expected) => {
    expect(sameEdgeLineBreaks(source, answer)).toBe(expected);
  });
});
