import { describe, expect, it } from "vitest";
import { scanPlaceholders } from "../../src/core/content/flat-placeholders.js";
import { placeholderProblems, translationProblems } from "../../src/core/engines/validate-output.js";

/** The tokens of `text` as `value` (strict) or `~value` (soft: a metavariable that may be translated). */
const tiers = (text: string) =>
  scanPlaceholders(text)
    .filter((segment) => segment.kind === "protected")
    .map((segment) => (segment.kind === "protected" && segment.soft ? `~${segment.value}` : segment.value));

describe("an HTML element's name written bare and never closed is a metavariable, not markup", () => {
  it.each([
    ["expire objects older than <time>", ["~<time>"]],
    ["check if <object> exists", ["~<object>"]],
    ["append <mark> on dirty working tree", ["~<mark>"]],
    ["<mode>,<object>,<path>", ["~<mode>", "~<object>", "~<path>"]],
    // Closed later, with attributes, void or with an optional end tag: markup.
    ["<mark>new</mark> items", ["<mark>", "</mark>"]],
    ['<time datetime="2026">now', ['<time datetime="2026">']],
    ["<object data> here", ["<object data>"]],
    ["line<br>break, <hr> and <input>", ["<br>", "<hr>", "<input>"]],
    // Void elements HTML requires attributes of do nothing bare: `update-alternatives --install <link> <name> <path>`.
    ["--%s needs <link> <name> <path> <priority>", ["%s", "~<link>", "~<name>", "~<path>", "~<priority>"]],
    [
      '<link rel="stylesheet" href="a.css"> and <img src="a.png">',
      ['<link rel="stylesheet" href="a.css">', '<img src="a.png">'],
    ],
    ["<p>First<p>Second <li>item", ["<p>", "<p>", "<li>"]],
  ])("%j", (input, expected) => expect(tiers(input)).toEqual(expected));
});

describe("the output check refuses only what a program breaks on", () => {
  it.each([
    // Metavariables that are HTML element names, translated (into another element's name, too).
    ["expire objects older than <time>", "caducar objetos más viejos a <tiempo>"],
    ["unpack unreachable objects newer than <time>", "desempaqueta els objectes inabastables més nous que <data>"],
    ["show full <object> or <rev> contents", "mostra el contingut complet de <objecte> o <rev>"],
    ["duplicate slave <link> '%s'", "<enllaç> esclau duplicat «%s»"],
    // A code span whose backticks became the language's quotes, content unchanged.
    ["use `--bisect-state` instead", "usa «--bisect-state» en su lugar"],
    ["could not retrieve `%s`", "no s'ha pogut recuperar «%s»"],
    ["run `git status` first", "führe „git status“ zuerst aus"],
    ["run `git status` first", "exécutez « git status » d'abord"],
    // A printf conversion padded or cut otherwise reads the same argument (msgfmt -c accepts it).
    ["error closing configuration file '%.255s'", "error en tancar el fitxer de configuració «%.250s»"],
    ["unable to get file descriptor for directory '%s'", "no es pot obtenir el descriptor del directori «%.250s»"],
    ["  flags:         0x%04x ", "  opciones:      0x%x "],
    // What no program reads: a path, an environment variable, an identifier named in prose.
    ["CONFLICT (%s/delete): %s deleted", "CONFLICTO (%s/borrar): %s borrado"],
    ["open /usr/share/doc", "abre /usr/compartir/doc"],
    ["set $HOME", "define $INICIO"],
    ["bad time_t value", "valor tiempo_t incorrecto"],
    ["10 translator see trust.c:uid_trust_string_fixed", "13 no apto para supersticiosos"],
  ])("%j → %j is accepted", (source, output) => expect(translationProblems(source, output, [])).toEqual([]));

  it.each([
    // Real markup: a dropped closing tag, an invented element.
    ["<b>Bold</b> text", "<b>Negrita texto", ['lost "</b>"']],
    ["<mark>new</mark> items", "elementos nuevos", ['lost "<mark>"', 'lost "</mark>"']],
    ["Plain", "Schlicht <i>", ['invented "<i>"']],
    ["line<br>break", "salto de línea", ['lost "<br>"']],
    // printf conversions, {name} placeholders, URLs, options.
    ["%s: cannot open %s", "%s: no se puede abrir", ['lost "%s"']],
    [
      "%s: option requires an argument -- '%s'",
      "%s: l’opció «%c» necessita un argument",
      ['lost "%s"', 'invented "%c"'],
    ],
    ["%.*s here", "%s aquí", ['lost "%.*s"', 'invented "%s"']],
    ["%ld bytes", "%d bytes", ['lost "%ld"', 'invented "%d"']],
    ["Hello {name}", "Hola {nombre}", ['lost "{name}"', 'invented "{nombre}"']],
    [
      "see https://example.com/help.",
      "véase https://example.com/ayuda.",
      ['lost "https://example.com/help"', 'invented "https://example.com/ayuda"'],
    ],
    ["git branch [--format]", "git branch [--formato]", ['lost "--format"', 'invented "--formato"']],
    // A code span whose content changed, or that lost every mark (it would read as prose).
    [
      "use `--bisect-state` instead",
      "usa «--estado-bisect» en su lugar",
      ['lost "`--bisect-state`"', 'invented "--estado-bisect"'],
    ],
    ["Run `npm i`", "Führe npm i aus", ['lost "`npm i`"']],
    // The Lingo.dev CLI's stand-ins for code stay strict although they look like identifiers.
    ["Send CODE_PLACEHOLDER_3fa9_END", "Envía el código", ['lost "CODE_PLACEHOLDER_3fa9_END"']],
  ])("%j → %j is refused: %j", (source, output, expected) =>
    expect(placeholderProblems(source, output)).toEqual(expected),
  );
});
