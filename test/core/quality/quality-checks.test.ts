import { describe, expect, it } from "vitest";
import { checkTranslation, CHECKS } from "../../../src/core/quality/index.js";
import { requiredCategories } from "../../../src/core/quality/icu-checks.js";

/** [source, translation, target locale, the checks expected (name:severity), why]. */
type Row = [string, string, string, string[], string];

const found = (source: string, translation: string, targetLocale: string) =>
  checkTranslation({ source, translation, sourceLocale: "en", targetLocale }).map((f) => `${f.check}:${f.severity}`);

const table = (rows: Row[]) =>
  it.each(rows)("%j → %j (%s): %j — %s", (source, translation, locale, expected) => {
    expect(found(source, translation, locale)).toEqual(expected);
  });

describe("printf", () => {
  table([
    ["cannot open %s", "no se puede abrir", "es", ["printf:error"], "a conversion dropped"],
    ["%s: line %d", "%d: línea %s", "es", ["printf:error"], "two conversions of different types swapped"],
    [
      "%s … %-20s",
      "%-20s … %s",
      "es",
      ["printf:error"],
      "two of the same type swapped: each prints with the other's width",
    ],
    ["%s: %d items", "%2$d elementos en %1$s", "es", [], "reordered with numbers: what translators write"],
    ["%s: %.*s", "%1$s: %3$.*2$s", "es", [], "a `*` precision reads an argument of its own"],
    ["%s: %.*s", "%1$s: %2$.*3$s", "es", ["printf:error"], "numbered, but the precision reads the string"],
    ["%s and %s", "%s y %s", "es", [], "same conversions, same order"],
    ["%-20s%s", "%-25s%s", "es", [], "a width changed to align a column reads the same argument"],
    ["%d%% done", "%d %% hecho", "es", [], "`%%` is not a conversion"],
    ["%s files", "%1$s y %s archivos", "es", ["printf:error"], "numbered and unnumbered mixed"],
    ["Report bugs", "Informe de %s", "es", ["printf:error"], "a conversion added where the source has none: a crash"],
    ["%lu bytes", "%u bytes", "es", ["printf:error"], "another argument type"],
    [
      "%s in <schema id='%s'> is “%s”",
      "«%3$s» és %1$s a <schema id='%2$s'>",
      "ca",
      [],
      "a tag's conversion is an argument like the others: reordered with numbers, tag included",
    ],
    [
      "<key name='%s'> has %d values",
      "%d valors té <key name='%s'>",
      "ca",
      ["printf:error"],
      "a tag's conversion swapped with another without numbers",
    ],
    [
      "<key name='%s'> has %d values",
      "<key name='%s'> té valors",
      "ca",
      ["printf:error"],
      "a conversion lost beside a tag's",
    ],
  ]);
});

describe("icu", () => {
  table([
    [
      "{n, plural, one {# file} other {# files}}",
      "{n, plural, one {# fichero} other {# ficheros}",
      "es",
      ["icu:error", "brackets:warning"],
      "a brace lost: the message does not parse",
    ],
    [
      "{n, plural, one {# file} other {# files}}",
      "{n, plural, one {# fichero} many {# de ficheros} other {# ficheros}}",
      "es",
      [],
      "the target's categories replace the source's",
    ],
    [
      "{n, plural, one {# file} other {# files}}",
      "{n, plural, one {# fichero} many {de ficheros} other {# ficheros}}",
      "es",
      ["icu:error"],
      "a form added for the target is checked too: `many` lost its number",
    ],
    [
      "{g, select, male {He} other {They}} left",
      "{g, select, male {Él} otro {Ellos}} se fue",
      "es",
      ["icu:error"],
      "a select key translated",
    ],
    [
      "{n, plural, one {# file} other {# files}",
      "{n, plural, one {# fichero} other {# ficheros}",
      "es",
      ["icu:error"],
      "the source itself does not parse: reported, not skipped",
    ],
  ]);
});

describe("plural-forms", () => {
  table([
    [
      "{n, plural, one {# file} other {# files}}",
      "{n, plural, one {# plik} other {# pliki}}",
      "pl",
      ["plural-forms:error"],
      "Polish needs few and many too",
    ],
    [
      "{n, plural, one {# file} other {# files}}",
      "{n, plural, one {# plik} few {# pliki} many {# plików} other {# pliku}}",
      "pl",
      [],
      "every Polish category",
    ],
    [
      "{n, plural, one {# file} other {# files}}",
      "{n, plural, other {#個のファイル}}",
      "ja",
      [],
      "Japanese has other only",
    ],
    [
      "{n, plural, one {# file} other {# files}}",
      "{n, plural, one {# fichier} many {# fichiers}}",
      "fr",
      ["plural-forms:error"],
      "other is always needed",
    ],
  ]);
  it("asks for the categories a language selects for whole numbers up to 1,000", () => {
    expect(requiredCategories("fr", "cardinal")).toEqual(["one", "other"]);
    expect(requiredCategories("en", "ordinal")).toEqual(["few", "one", "other", "two"]);
    expect(requiredCategories("pl", "cardinal")).toEqual(["few", "many", "one", "other"]);
    expect(requiredCategories("ja", "cardinal")).toEqual(["other"]);
  });
});

describe("placeholders, markup, urls, code", () => {
  table([
    ["Hello {name}", "Hola {nombre}", "es", ["placeholders:error"], "a named placeholder translated"],
    ["Hello {{name}}", "Hola", "es", ["placeholders:error"], "a mustache placeholder dropped"],
    [
      "cannot combine any two of {ascii,ebcdic,ibm}",
      "no se pueden combinar ascii, ebcdic e ibm",
      "es",
      [],
      "braces of a usage line are not placeholders",
    ],
    ["Click <b>here</b>", "Pulse <b>aquí", "es", ["markup:error"], "an HTML tag dropped"],
    ["Usage: %s <file>", "Uso: %s <fichero>", "es", [], "a metavariable may be translated"],
    [
      "See <https://www.gnu.org/software/sed/>.",
      "Véase <https://www.gnu.org/software/sde/>.",
      "es",
      ["urls:error"],
      "a URL changed",
    ],
    ["Mail bug-tar@gnu.org", "Escriba a bug-tar@gnu.org", "es", [], "an e-mail address kept"],
    [
      "Run `--bisect-state` first",
      "Ejecute «--bisect-state» primero",
      "es",
      [],
      "a code span's backticks turned into quotes",
    ],
    ["Run `git status` first", "Ejecute «git estado» primero", "es", ["code:error"], "a code span's content changed"],
  ]);
});

describe("newlines", () => {
  table([
    ["done\n", "hecho", "es", ["newlines:warning"], "a trailing newline dropped"],
    ["\nUsage: %s\n", "Uso: %s\n", "es", ["newlines:warning"], "a leading newline dropped"],
    [
      "print the lines of FILE\nthat match PATTERN\n",
      "muestra las líneas de FICHERO que coinciden\ncon PATRÓN\n",
      "es",
      [],
      "re-wrapped text: inner line breaks need not match",
    ],
  ]);
});

describe("edge-space", () => {
  table([
    ["Continue? ", "¿Continuar?", "es", ["edge-space:warning"], "the space before the user's answer lost"],
    ["  -a, --all   all", "  -a, --all   todo", "es", [], "indentation kept"],
    [
      " (core dumped)",
      "(core generado)",
      "es",
      ["edge-space:warning"],
      "a leading space lost: the words run into the previous ones",
    ],
  ]);
});

describe("doubled-space", () => {
  table([
    ["cannot open file", "no se puede  abrir el fichero", "es", ["doubled-space:warning"], "a space doubled"],
    ["%sDate:      %s", "%sFecha:     %s", "es", [], "a column aligned anew"],
    [
      "No files.  Try again.",
      "Ningún fichero.  Inténtelo de nuevo.",
      "es",
      [],
      "two spaces after a sentence: GNU's style",
    ],
    ["cannot open file", "no se puede abrir el fichero", "es", [], "single spaces"],
    ["Date:      %s", "Fecha:     %s", "es", [], "a label aligned anew"],
    [
      "  -b, --force     do not prompt",
      "  -b,  --force    no pregunta",
      "es",
      ["doubled-space:warning"],
      "as many runs as the source, one where the source spaces once",
    ],
    ["  -f FILE      read FILE", "  -f FICHERO   lee FICHERO", "es", [], "a column after a metavariable aligned anew"],
    [
      "Usage: %s FILE\n  or:  %s OPTION",
      "Aufruf:  %s DATEI\n  oder: %s OPTION",
      "de",
      ["doubled-space:warning"],
      "as many runs, one right after a line's first word where no line of the source has one",
    ],
  ]);
});

describe("end-punctuation", () => {
  table([
    ["Enter the name:", "Introduzca el nombre", "es", ["end-punctuation:warning"], "a trailing colon dropped"],
    ["Enter the name:", "Saisissez le nom :", "fr", [], "French writes a space before the colon"],
    ["Continue?", "¿Continuar?", "es", [], "Spanish opens the question with ¿"],
    ["Continue?", "続けますか？", "ja", [], "a full-width question mark"],
    ["File name:", "文件名：", "zh", [], "a full-width colon"],
    ["Done.", "Hecho", "es", [], "a full stop dropped is tolerated"],
    ["Loading...", "Cargando…", "es", [], "an ellipsis, in either spelling"],
    ["Delete it?", "Bórrelo.", "es", ["end-punctuation:warning"], "a question made a statement"],
    ["Continue?", "Συνέχεια;", "el", [], "Greek writes its question mark as ;"],
  ]);
});

describe("numbers", () => {
  table([
    ["wait 30 seconds", "espere 20 segundos", "es", ["numbers:warning"], "a number changed"],
    ["1,000 files", "1.000 ficheros", "es", [], "another group separator"],
    ["%5d files", "%5d ficheros", "es", [], "a conversion's width is not a number of the text"],
    ["page 3", "صفحة ٣", "ar", [], "Arabic-Indic digits"],
    ["column one", "Spalte 1", "de", [], "a number added is not reported"],
    ["compare FILE1 and FILE2", "vergleicht DATEI1 und DATEI2", "de", [], "digits joined to a word name a thing"],
    [
      "exit status 0 on success",
      "code 1 en cas de succès (0 par défaut)",
      "fr",
      ["numbers:warning"],
      "a number changed where the translation repeats it: nothing lost, one the source never writes",
    ],
    ["exit status 0", "code 0 (0 = succès)", "fr", [], "a number of the source repeated"],
  ]);
});

describe("brackets", () => {
  table([
    ["(default: 512)", "(por defecto: 512", "es", ["brackets:warning"], "a closing bracket dropped"],
    ["[OPTION]...", "[OPCIÓN]...", "es", [], "balanced"],
    ["(see below)", "（见下文）", "zh", [], "full-width brackets pair up too"],
  ]);
});

describe("doubled-word", () => {
  table([
    [
      "      --debug          print warnings about invalid input",
      "      --debug          muestra muestra avisos sobre entrada inválida",
      "es",
      ["doubled-word:warning"],
      "help text that starts with spaces",
    ],
    ["cannot open the file", "no se puede abrir el el fichero", "es", ["doubled-word:warning"], "a word doubled"],
    ["you will find", "vous vous trouverez", "fr", [], "French reflexive pronouns"],
    ["open an archive", "ouvrir d'une une archive", "fr", ["doubled-word:warning"], "after an elided article"],
    ["open the file.", "abrir el fichero fichero.", "es", ["doubled-word:warning"], "before the end mark"],
    ["set SIZE size", "fija TAMAÑO tamaño", "es", [], "a metavariable in capitals and its word"],
    ["that that is", "que que es", "es", [], "the source doubles it too"],
    ["files that match", "Dateien, die die Bedingung erfüllen", "de", [], "a German relative pronoun after a comma"],
    ["if the mode is 0", "Wenn der der Modus 0 ist", "de", ["doubled-word:warning"], "an article doubled, no comma"],
  ]);
});

describe("untranslated", () => {
  table([
    ["cannot open file", "cannot open file", "es", ["untranslated:warning"], "left untranslated"],
    ["GNU sed", "GNU sed", "es", ["untranslated:warning"], "a lower-case word of three letters is prose"],
    ["%s: %s", "%s: %s", "es", [], "nothing to translate"],
    ["OK", "OK", "es", [], "a word of two letters"],
    ["FILE", "FILE", "es", ["untranslated:warning"], "a metavariable: translators translate it"],
    ["Usage: %s", "Usage: %s", "es", ["untranslated:warning"], "a single capitalised word"],
    ["Jim Meyering", "Jim Meyering", "es", [], "a person's name"],
    ["colour", "colour", "en-GB", [], "variants of one language"],
  ]);
});

describe("length", () => {
  table([
    ["the file could not be opened for reading", "no", "es", ["length:warning"], "a part lost"],
    [
      "the file could not be opened for reading",
      "无法打开文件进行读取",
      "zh",
      [],
      "Chinese writes in fewer characters",
    ],
    ["short", "una traducción mucho más larga", "es", [], "short sources vary most"],
  ]);
});

describe("glossary", () => {
  it("warns when a glossary term is not translated as the glossary says", () => {
    const findings = checkTranslation({
      source: "Open the dashboard",
      translation: "Abra el tablero",
      sourceLocale: "en",
      targetLocale: "es",
      glossary: [{ type: "custom_translation", term: "dashboard", translation: "panel" }],
    });
    expect(findings).toEqual([
      { check: "glossary", severity: "warning", message: 'Glossary: "dashboard" must be translated as "panel".' },
    ]);
  });
});

describe("empty", () => {
  table([["cannot open", "  ", "es", ["empty:error"], "an empty translation is missing"]]);
});

describe("the catalogue", () => {
  it("answers nothing for a faithful translation, whatever the checks", () => {
    expect(found("cannot open %s: %s\n", "no se puede abrir %s: %s\n", "es")).toEqual([]);
    expect(CHECKS.length).toBeGreaterThan(15);
  });
});
