import { describe, expect, it } from "vitest";
import { scanPlaceholders } from "../../src/core/content/flat-placeholders.js";
import { protectedTokens, splitProtected } from "../../src/core/content/protected-segments.js";
import { mask } from "../../src/core/engines/markers.js";
import { buildPrompt } from "../../src/core/engines/prompt.js";
import { placeholderProblems, translationProblems } from "../../src/core/engines/validate-output.js";
import { cpuMsOf } from "../support/cpu-time.js";

/** The tokens of `text` as `value` (strict) or `~value` (soft: a metavariable that may be translated). */
const tiers = (text: string) =>
  scanPlaceholders(text)
    .filter((segment) => segment.kind === "protected")
    .map((segment) => (segment.kind === "protected" && segment.soft ? `~${segment.value}` : segment.value));

describe("two tiers: metavariables that only name a thing are soft, what a program fills in or parses is strict", () => {
  it.each([
    // <…> is markup when it is an HTML element, has attributes with =, closes itself, is a closing tag, or is closed later.
    ["<b>Bold</b> and <br>", ["<b>", "</b>", "<br>"]],
    ['<span class="x">a</span>', ['<span class="x">', "</span>"]],
    ["<x-icon/> here", ["<x-icon/>"]],
    ["<file>a.txt</file>", ["<file>", "</file>"]],
    ["</file> alone", ["</file>"]],
    ["git add <file>", ["~<file>"]],
    ["<no current directory>", ["~<no current directory>"]],
    ["<file> then </file>", ["<file>", "</file>"]],
    ["</file> then <file>", ["</file>", "~<file>"]],
    ["<!-- note --> kept", ["<!-- note -->"]],
    // ALL-CAPS identifiers are metavariables; other snake_case identifiers and C types stay strict.
    ["--pages=FIRST_PAGE[:LAST_PAGE]", ["--pages=", "~FIRST_PAGE", "~:LAST_PAGE"]],
    ["set MAX_RETRIES", ["~MAX_RETRIES"]],
    ["time_t, size_t and progcomp_insert", ["time_t", "size_t", "progcomp_insert"]],
    ["See CODE_PLACEHOLDER_123456_END", ["CODE_PLACEHOLDER_123456_END"]],
    ["And INLINE_CODE_PLACEHOLDER_9AB1_END", ["INLINE_CODE_PLACEHOLDER_9AB1_END"]],
    // Identifiers inside usage brackets closed on the same line are metavariables.
    ["bg [job_spec ...]", ["~job_spec"]],
    ["bind [-m key_map] [-f file_name]", ["-m", "~key_map", "-f", "~file_name"]],
    ["[not_closed and user_id", ["not_closed", "user_id"]],
    ["[a\nuser_id]", ["user_id"]],
    // printf, ICU-style and {name} arguments stay strict wherever they are.
    ["[%s] of [{count}]", ["%s", "{count}"]],
    // gettext's <inttypes.h> macros and C's numbered * widths are printf conversions, strict (not <metavariables>).
    ["at %<PRIdMAX> bytes", ["%<PRIdMAX>"]],
    ["%3$.*2$s and %2$*1$d", ["%3$.*2$s", "%2$*1$d"]],
  ])("%j", (input, expected) => expect(tiers(input)).toEqual(expected));

  it("keeps both tiers masked for engines that cannot be told what to keep (Apertium, DeepL)", () => {
    expect(mask("bg [job_spec ...] <file> --max-depth=0", []).restore).toEqual(["job_spec", "<file>", "--max-depth=0"]);
  });

  it("sends the words of a <metavariable> to a rule-based engine as text between kept brackets", () => {
    const options = { xml: true, metavariableWords: true };
    expect(mask("cd <no current directory>", [], options)).toEqual({
      text: 'cd <g-p i="0"/>no current directory<g-p i="1"/>',
      restore: ["<", ">"],
    });
    // Identifiers, markup and strict tokens stay whole.
    expect(mask("[job_spec] <file_name> <b>x</b> --all", [], options).restore).toEqual([
      "job_spec",
      "<file_name>",
      "<b>",
      "</b>",
      "--all",
    ]);
  });
});

describe("validation: a translated metavariable is accepted, a lost strict token refused", () => {
  it.each([
    ["<no current directory>", "<no hay directorio actual>", []],
    ["--pages=FIRST_PAGE[:LAST_PAGE]", "--pages=PRIMERA_PÁGINA[:ÚLTIMA_PÁGINA]", []],
    ["bg [job_spec ...]", "bg [id_trabajo ...]", []],
    ["bind [-m keymap] [-x keyseq]", "bind [-m mapa_teclas] [-x comb_teclas]", []],
    ["git rm <file>", "git rm <archivo>", []],
    ["git rm <file>", "git rm archivo", []],
    ["at %<PRIdMAX> bytes", "a %<PRIdMAX> bytes", []],
    ["at %<PRIdMAX> bytes", "a %<PRIdMÁX> bytes", ['lost "%<PRIdMAX>"']],
    // Strict tokens still count.
    ["--pages=FIRST_PAGE", "--páginas=PRIMERA_PÁGINA", ['lost "--pages="', 'invented "--páginas="']],
    [
      "using --max-depth=0",
      "utilizando --max-profundidad=0",
      ['lost "--max-depth=0"', 'invented "--max-profundidad=0"'],
    ],
    ["<b>Bold</b>", "<b>Negrita", ['lost "</b>"']],
    [
      "<file>x</file>",
      "<archivo>x</archivo>",
      ['lost "<file>"', 'lost "</file>"', 'invented "<archivo>"', 'invented "</archivo>"'],
    ],
    ["bg [job_spec ...] %s", "bg [id_trabajo ...]", ['lost "%s"']],
    // A strict token kept where the output's brackets make it read as soft (pseudo wraps the string in […]) is kept.
    ["Set user_id now", "[Šéţ user_id ñöŵ ~~]", []],
    ["Hello :name", "[Ĥéļļö :name ~~]", []],
    ["See CODE_PLACEHOLDER_3f_END", "[Šéé CODE_PLACEHOLDER_3f_END ~]", []],
  ])("%j → %j", (source, output, expected) => expect(placeholderProblems(source, output)).toEqual(expected));
});

describe("GNU quotes: a backtick closed by an apostrophe opens a quote, its text is prose", () => {
  it.each([
    ["`%s' is not a variable name, looking for file `%s=%s'", ["%s", "%s", "%s"]],
    ["cannot stat `foo': no such file", []],
    ["`don't' is quoted", []],
    // CommonMark code spans, closed by a backtick, stay code; an apostrophe inside a word does not close a quote.
    ["Run `npm start` now", ["`npm start`"]],
    ["Run `it's` here", ["`it's`"]],
    ["`a'b` and `c'", ["`a'b`"]],
    ["Use ``a ` b`` then", ["``a ` b``"]],
    ["a ` lone backtick", []],
    ["`unclosed\nline` two", []],
    ["`%s'`", ["%s"]],
  ])("%j", (input, expected) => expect(protectedTokens(input)).toEqual(expected));

  it("a translator's answer to a GNU-quoted message is accepted", () => {
    expect(
      placeholderProblems(
        "`%s' is not a variable name, looking for file `%s=%s'",
        "«%s» no es un nombre de variable, se busca el fichero `%s=%s'",
      ),
    ).toEqual([]);
  });

  it("the quoted text reaches the engine as text", () => {
    const text = splitProtected("cannot open `input file'")
      .filter((segment) => segment.kind === "text")
      .map((segment) => segment.value)
      .join("");
    expect(text).toBe("cannot open `input file'");
  });
});

describe("typed things stay as written: options, paths, environment variables, e-mail addresses, URLs", () => {
  it.each([
    // Options: after a space, a bracket, a quote or `=`; not hyphenated words, negative numbers or -words-.
    ["using --max-depth=0 or -r", ["--max-depth=0", "-r"]],
    ["try `--help' or [-lpsvPSVX]", ["--help", "-lpsvPSVX"]],
    ["--color=auto, then", ["--color=auto"]],
    ["--format=FORMAT", ["--format="]],
    ["an e-mail, a built-in, -5 degrees, -none-, 3-4", []],
    ["-- end of options", []],
    // Paths.
    ["see /usr/bin/x, ~/.config and ./configure.", ["/usr/bin/x", "~/.config", "./configure"]],
    ["in ../lib/a.so", ["../lib/a.so"]],
    ["and/or, 1/2, km/h, a / b", []],
    ["{dir}/bin", ["{dir}", "/bin"]],
    // Environment variables.
    ["$HOME, ${HOME} and %APPDATA%", ["$HOME", "${HOME}", "%APPDATA%"]],
    ["costs $5", []],
    // E-mail addresses and URLs, without the sentence's punctuation.
    ["write to first_last@example.com.", ["first_last@example.com"]],
    ["or a.b+c@mail.example.org, thanks", ["a.b+c@mail.example.org"]],
    ["user@localhost is not one", []],
    ["see https://example.com/a_b?q=1.", ["https://example.com/a_b?q=1"]],
    ["(see https://en.example.org/wiki/X_(y)).", ["https://en.example.org/wiki/X_(y)"]],
    ["<https://example.com>", ["https://example.com"]],
    ["at https://example.com/?q=%s now", ["https://example.com/?q=", "%s"]],
    ["std::vector, a: b, 10:30", []],
  ])("%j", (input, expected) => expect(protectedTokens(input)).toEqual(expected));

  it.each([
    [
      "write to help@example.com",
      "escribe a ayuda@example.com",
      ['lost "help@example.com"', 'invented "ayuda@example.com"'],
    ],
    [
      "see https://example.com/help.",
      "véase https://example.com/ayuda.",
      ['lost "https://example.com/help"', 'invented "https://example.com/ayuda"'],
    ],
    ["see https://example.com/help.", "véase https://example.com/help.", []],
  ])("%j → %j", (source, output, expected) => expect(translationProblems(source, output, [])).toEqual(expected));
});

describe("the LLM prompt says what to keep and what may be translated", () => {
  const prompt = buildPrompt({
    sourceLocale: "en",
    targetLocale: "es",
    texts: ["x"],
    hints: [undefined],
    glossary: [],
    instructions: [],
    brandVoice: [],
  });
  it.each(["--max-depth=0", "~/.config", "$HOME", "%1$s", "<file>", "FIRST_PAGE", "[job_spec ...]", "`like this'"])(
    "mentions %s",
    (example) => expect(prompt.system).toContain(example),
  );
});

describe("the scanner stays linear on the new rules' adversarial input", () => {
  const MiB = 1024 * 1024;
  // Inputs that are one token every few characters make a segment each: half a megabyte is
  // plenty to tell linear from quadratic (which would take minutes) on a busy machine.
  it.each([
    ["1 MB of ://", "://".repeat(MiB / 3)],
    ["1 MB of a://", "a://".repeat(MiB / 4)],
    ["1 MB of x)", `a://${"x)".repeat(MiB / 2)}`],
    ["1 MB of @", "@".repeat(MiB)],
    ["1 MB of a@", "a@".repeat(MiB / 2)],
    ["1 MB of a_b@", "a_b@".repeat(MiB / 4)],
    ["1 MB of _", "_".repeat(MiB)],
    ["1 MB of ./", "./".repeat(MiB / 2)],
    ["0.5 MB of  /a", " /a".repeat(MiB / 6)],
    ["1 MB of -a", "-a".repeat(MiB / 2)],
    ["1 MB of  -a-", " -a-".repeat(MiB / 4)],
    ["1 MB of `'", "`a'".repeat(MiB / 3)],
    ["1 MB of `a", "`a".repeat(MiB / 2)],
    ["1 MB of [a_b", "[a_b ".repeat(MiB / 5)],
    ["0.5 MB of <a>", "<a1>".repeat(MiB / 8)],
    ["0.5 MB of <x><y>", "<xa><ya></xa>".repeat(MiB / 26)],
    ["1 MB of %A%", "%AB%".repeat(MiB / 4)],
  ])("%s", (_, input) => {
    const { result: segments, cpuMs } = cpuMsOf(() => splitProtected(input));
    expect(cpuMs).toBeLessThan(2500);
    expect(segments.map((segment) => segment.value).join("")).toBe(input);
  });
});
