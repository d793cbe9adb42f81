import { describe, expect, it } from "vitest";
import { headerField, withHeaderFields, gettextLanguage } from "../../src/core/gettext/po-header.js";
import { PoReader, PoSyntaxError, type PoEntry } from "../../src/core/gettext/po-parser.js";
import { rewriteEntry } from "../../src/core/gettext/po-rewrite.js";
import { poKeywordLines, quotePoString, unescapePoString } from "../../src/core/gettext/po-string.js";

function read(text: string): PoEntry[] {
  const reader = new PoReader();
  const entries: PoEntry[] = [];
  for (const line of text.split("\n")) {
    const entry = reader.push(line);
    if (entry) entries.push(entry);
  }
  const last = reader.end();
  if (last) entries.push(last);
  return entries;
}

const CATALOGUE = `# Polish translation of demo.
# Copyright (C) 2024 Free Software Foundation, Inc.
#
msgid ""
msgstr ""
"Project-Id-Version: demo 1.0\\n"
"Language: pl\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

#. TRANSLATORS: the verb
#: src/main.c:10 src/main.c:20
#, c-format
msgctxt "verb"
msgid "Open %s"
msgstr ""

#: src/main.c:30
msgctxt "adjective"
msgid "Open %s"
msgstr "Otwarty %s"

#, fuzzy, c-format
#| msgid "%d old file"
msgid "%d file removed"
msgid_plural "%d files removed"
msgstr[0] "usunięto %d plik"
msgstr[1] ""
msgstr[2] ""

msgid ""
"a long text that gettext wrapped "
"over several lines\\n"
msgstr ""

#~ msgid "Gone"
#~ msgstr "Nie ma"

#~ msgctxt "old"
#~ msgid "Older"
#~ msgstr "Starsze"
`;

describe("a PO file is read line by line and kept byte for byte", () => {
  it("gives back every line when nothing changes", () => {
    const entries = read(CATALOGUE);
    expect(entries.flatMap((entry) => entry.lines).join("\n")).toBe(CATALOGUE);
  });

  it("reads the header, msgctxt, flags, notes, plural forms and obsolete entries", () => {
    const [header, verb, adjective, plural, long, gone, older] = read(CATALOGUE);
    expect(headerField(header!.strings[0]!, "Language")).toBe("pl");
    expect(verb).toMatchObject({ context: "verb", id: "Open %s", strings: [""], flags: ["c-format"] });
    expect(verb!.extracted).toEqual(["TRANSLATORS: the verb"]);
    expect(adjective).toMatchObject({ context: "adjective", id: "Open %s", strings: ["Otwarty %s"] });
    expect(plural).toMatchObject({
      id: "%d file removed",
      idPlural: "%d files removed",
      strings: ["usunięto %d plik", "", ""],
      flags: ["fuzzy", "c-format"],
    });
    expect(long!.id).toBe("a long text that gettext wrapped over several lines\n");
    expect(gone).toMatchObject({ inert: true });
    expect(older).toMatchObject({ inert: true });
  });

  it("keeps a file with Windows line ends and a byte-order mark as read", () => {
    const text = `\uFEFFmsgid "a"\r\nmsgstr ""\r\n`;
    const entries = read(text);
    expect(entries[0]).toMatchObject({ id: "a", strings: [""] });
    expect(entries.flatMap((entry) => entry.lines).join("\n")).toBe(text);
  });
});

describe("a PO file that does not parse names the line", () => {
  it.each([
    ['msgid "a"\nmsgstr "b"\nmsgfoo "c"\n', 3, "cannot read"],
    ['msgid "a"\n"\n', 2, "cannot read"],
    ['msgid "a"\n\nmsgid "b"\nmsgstr ""\n', 3, "a second msgid"],
    ['msgstr "a"\n', 1, "msgstr without a msgid"],
    ['msgid "a"\nmsgid_plural "b"\nmsgstr "c"\n', 3, "msgstr without [index]"],
    ['msgid "a"\nmsgid_plural "b"\nmsgstr[1] "c"\n', 3, "msgstr[1] where msgstr[0]"],
    ['msgid "a"\nmsgstr[0] "c"\n', 2, "without msgid_plural"],
    ['"stray"\n', 1, "belongs to no msgid"],
    ['msgid "a"\n# comment\nmsgstr ""\n', 2, "a comment inside an entry"],
    ['msgid "a"\n\n#: x.c:1\nmsgid "b"\nmsgstr ""\n', 3, "a comment inside an entry"],
  ])("%j → line %i", (text, line, message) => {
    let error: unknown;
    try {
      read(text);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PoSyntaxError);
    expect((error as PoSyntaxError).line).toBe(line);
    expect((error as PoSyntaxError).message).toContain(message);
  });

  it("names an entry without msgstr at the end of the file", () => {
    expect(() => read('msgid "a"\n')).toThrow(/has no msgstr/);
  });
});

describe("only the msgstr lines of a translated entry are rewritten", () => {
  const entries = read(CATALOGUE);

  it("replaces msgstr and keeps the comments, flags and msgctxt", () => {
    expect(rewriteEntry(entries[1]!, ["Otwórz %s"])).toEqual([
      "#. TRANSLATORS: the verb",
      "#: src/main.c:10 src/main.c:20",
      "#, c-format",
      'msgctxt "verb"',
      'msgid "Open %s"',
      'msgstr "Otwórz %s"',
      "",
    ]);
  });

  it("writes each plural form and removes fuzzy when asked, keeping the other flags and the previous msgid", () => {
    expect(rewriteEntry(entries[3]!, ["a %d", "b %d", "c %d"], "remove")).toEqual([
      "#, c-format",
      '#| msgid "%d old file"',
      'msgid "%d file removed"',
      'msgid_plural "%d files removed"',
      'msgstr[0] "a %d"',
      'msgstr[1] "b %d"',
      'msgstr[2] "c %d"',
      "",
    ]);
  });

  it("adds a #, fuzzy line where the entry has no flags", () => {
    expect(rewriteEntry(entries[2]!, ["Otwarte %s"], "add")).toEqual([
      "#: src/main.c:30",
      "#, fuzzy",
      'msgctxt "adjective"',
      'msgid "Open %s"',
      'msgstr "Otwarte %s"',
      "",
    ]);
  });

  it("adds fuzzy to existing flags", () => {
    expect(rewriteEntry(entries[1]!, ["x"], "add")[2]).toBe("#, fuzzy, c-format");
  });

  it("writes a text with line breaks over several lines, as gettext does", () => {
    expect(rewriteEntry(entries[4]!, ["jeden\ndwa\n"]).slice(-4)).toEqual(['msgstr ""', '"jeden\\n"', '"dwa\\n"', ""]);
  });
});

describe("PO strings", () => {
  it.each([
    ['a \\"b\\" \\\\ \\n \\t \\101 \\x42', 'a "b" \\ \n \t A B'],
    ["100%", "100%"],
  ])("%s reads as %j", (body, value) => {
    expect(unescapePoString(body)).toBe(value);
  });

  it("quotes what it unquotes", () => {
    const text = 'tab\tquote"back\\slash\u0001\n';
    expect(unescapePoString(quotePoString(text).slice(1, -1))).toBe(text);
  });

  it("keeps a text ending in one line break on one line", () => {
    expect(poKeywordLines("msgstr", "a\n")).toEqual(['msgstr "a\\n"']);
  });
});

describe("the header", () => {
  it("sets fields in place and appends missing ones", () => {
    const header = "Project-Id-Version: x\nLanguage: \nContent-Type: text/plain; charset=CHARSET\n";
    expect(withHeaderFields(header, { Language: "pl", "Plural-Forms": "nplurals=1; plural=0;" })).toBe(
      "Project-Id-Version: x\nLanguage: pl\nContent-Type: text/plain; charset=CHARSET\nPlural-Forms: nplurals=1; plural=0;\n",
    );
  });

  it.each([
    ["pl", "pl"],
    ["pt-BR", "pt_BR"],
    ["sr-Latn", "sr@latin"],
    ["zh-Hant-TW", "zh_TW"],
  ])("gettext names %s %s", (locale, name) => {
    expect(gettextLanguage(locale)).toBe(name);
  });
});
