import { describe, expect, it } from "vitest";
import { postEdit } from "../../../src/core/content/post-edit.js";
import { printfOrderPlan, restorePrintfOrder } from "../../../src/core/content/printf-order.js";
import { splitProtected } from "../../../src/core/content/protected-segments.js";
import { pseudoLocalize } from "../../../src/core/content/pseudo-localize.js";
import { checkOutput } from "../../../src/core/engines/validate-output.js";
import { checkTranslation } from "../../../src/core/quality/index.js";
import { qualityReport } from "../../../src/core/quality/report.js";

/**
 * The pipeline hands the quality report the strings whose engine answer kept exactly the source's
 * tokens (docs/quality.md#what-the-output-check-hands-over), and the report skips its token checks
 * for them. That is only right if those checks cannot find anything in such an answer: here every
 * answer below that the output check accepts with its tokens kept, as the pipeline finishes it
 * (printf order restored, post-edited), gets the same findings from the reduced report as from the
 * full one.
 */

/** [source, a translation, target locale]: every kind of token, kept, moved, translated, dropped. */
const PAIRS: [string, string, string][] = [
  ["cannot open %s", "no se puede abrir %s", "es"],
  ["cannot open %s", "no se puede abrir", "es"],
  ["%s: line %d", "%s: línea %d", "es"],
  ["%s: line %d", "%d: línea %s", "es"],
  ["%s: line %d", "%2$d: línea %1$s", "es"],
  ["%s … %-20s", "%-20s … %s", "es"],
  ["%s: %.*s", "%1$s: %3$.*2$s", "es"],
  ["%-20s%s", "%-25s%s", "es"],
  ["%5d files", "%d ficheros", "es"],
  ["%lu bytes", "%u bytes", "es"],
  ["%1$s and %d", "%d y %1$s", "es"],
  ["%1$s and %d", "%1$s y %d", "es"],
  ["%2$s of %1$s", "%1$s: %2$s", "es"],
  ["%d%% done", "%d %% hecho", "es"],
  ["%s in <schema id='%s'> is “%s”", "«%3$s» és %1$s a <schema id='%2$s'>", "ca"],
  ["<key name='%s'> has %d values", "%d valors té <key name='%s'>", "ca"],
  ["<key name='%s'> has %d values", "<key name='%s'> té %d valors", "ca"],
  ["size %<PRIuMAX> of %s", "tamaño %<PRIuMAX> de %s", "es"],
  ["Hello {name}", "Hola {name}", "es"],
  ["Hello {name}", "Hola {nombre}", "es"],
  ["Hello {name}, you have {count} messages", "{count} mensajes para ti, {name}", "es"],
  ["Hello {{name}}", "Hola {{name}}", "es"],
  ["Hi %{user}, %(count)s new", "%(count)s nuevos, %{user}", "es"],
  ["Path ${HOME} and $HOME", "Ruta $HOME y ${HOME}", "es"],
  ["Welcome, :name!", "¡Bienvenido, :name!", "es"],
  ["Usage: [:LAST_PAGE] :name", "Uso: :name [:LAST_PAGE]", "es"],
  ["See @:common.save", "Véase @:common.save", "es"],
  ["Click <b>here</b>", "Pulse <b>aquí</b>", "es"],
  ["Click <b>here</b>", "Pulse <b>aquí", "es"],
  ["<b>Terms</b> apply", "</b>Conditions<b> applicables", "fr"],
  ["Line<br>break &amp; more", "Ligne<br>saut &amp; plus", "fr"],
  ["Usage: %s <file>", "Uso: %s <fichero>", "es"],
  ["older than <time>", "més antic que <data>", "ca"],
  ["Press <kbd>Ctrl</kbd> and <i>go</i>", "<i>Allez</i> avec <kbd>Ctrl</kbd>", "fr"],
  ["See <https://www.gnu.org/software/sed/>.", "Véase <https://www.gnu.org/software/sed/>.", "es"],
  ["See <https://www.gnu.org/software/sed/>.", "Véase <https://www.gnu.org/software/sde/>.", "es"],
  ["Mail bug-tar@gnu.org or https://x.org", "https://x.org o bug-tar@gnu.org", "es"],
  ["Run `--bisect-state` first", "Ejecute «--bisect-state» primero", "es"],
  ["Run `git status` first", "Ejecute `git status` primero", "es"],
  ["Run `git status` first", "Ejecute «git estado» primero", "es"],
  ["Set %APPDATA% and /usr/bin/x", "Defina %APPDATA% y /usr/bin/x", "es"],
  ["the user_count of FIRST_PAGE", "el FIRST_PAGE de user_count", "es"],
  ["use --max-depth=1 with -r", "use -r con --max-depth=1", "es"],
  ['Unknown option \\n \\"x\\"', 'Opción \\"x\\" desconocida \\n', "es"],
  ["{n, plural, one {# file} other {# files}}", "{n, plural, one {# fichero} other {# ficheros}}", "es"],
  ["{n, plural, one {# plik} other {# pliki}}", "{n, plural, one {# plik} other {# pliki}}", "pl"],
  ["Saved {n, number} items", "{n, number} elementos guardados", "es"],
  ["done\n", "hecho", "es"],
  ["Enter the name:", "Introduzca el nombre", "es"],
  ["wait 30 seconds", "espere 20 segundos", "es"],
  ["(default: 512)", "(por defecto: 512", "es"],
  ["cannot open file", "no se puede  abrir el fichero", "es"],
  ["cannot open file", "cannot open file", "es"],
  ["Hello {name}", "Hello {name}", "fr"],
];

/** The answer with its protected tokens in reverse order, the text between them where it was (tags turned inside out). */
function tokensReversed(answer: string): string {
  const segments = splitProtected(answer);
  const tokens = segments.filter((segment) => segment.kind === "protected").map((segment) => segment.value);
  return segments.map((segment) => (segment.kind === "protected" ? tokens.pop()! : segment.value)).join("");
}

/** Answers an engine may give for the text it was sent (`sent`), from a translation of the source. */
const answersFor = (sent: string, translation: string) => [
  translation,
  printfOrderPlan(translation).text,
  tokensReversed(translation),
  `[${translation}]`,
  pseudoLocalize(sent),
  sent,
  tokensReversed(sent),
];

interface Outcome {
  source: string;
  answer: string;
  final: string;
  locale: string;
  tokensKept: boolean;
}

/** Every accepted answer, finished as the pipeline finishes it (translate-chunk.ts acceptValidOutputs). */
function acceptedAnswers(): Outcome[] {
  const accepted: Outcome[] = [];
  for (const [source, translation, locale] of PAIRS) {
    const plan = printfOrderPlan(source);
    for (const answer of new Set(answersFor(plan.text, translation))) {
      const pair = { sourceLocale: "en", targetLocale: locale };
      const { problems, tokensKept } = checkOutput(plan.text, answer, [], pair);
      if (problems.length > 0) continue;
      const final = postEdit(source, restorePrintfOrder(plan, answer), locale);
      accepted.push({ source, answer, final, locale, tokensKept });
    }
  }
  return accepted;
}

const findings = (outcome: Outcome, tokensKept: boolean) =>
  checkTranslation(
    { source: outcome.source, translation: outcome.final, sourceLocale: "en", targetLocale: outcome.locale },
    { tokensKept },
  );

const TOKEN_CHECKS = new Set(["placeholders", "markup", "urls", "code", "empty"]);

describe("the output check's hand-over to the quality report", () => {
  const accepted = acceptedAnswers();
  const kept = accepted.filter((outcome) => outcome.tokensKept);

  it("an answer that kept every token gets the same findings from the reduced report as from the full one", () => {
    expect(kept.length).toBeGreaterThan(60);
    for (const outcome of kept)
      expect(findings(outcome, true), `${outcome.source} → ${outcome.final}`).toEqual(findings(outcome, false));
  });

  it("an accepted answer whose tokens moved between tiers is not handed over: its token checks still run and find it", () => {
    const notKept = accepted.filter((outcome) => !outcome.tokensKept);
    const caught = notKept.filter((outcome) => findings(outcome, false).some((f) => TOKEN_CHECKS.has(f.check)));
    // `</b>Conditions<b>`: the output check finds both tags, but the opening one now names a thing.
    expect(caught.map((outcome) => outcome.final)).toContain("</b>Conditions<b> applicables");
    expect(caught.length).toBeGreaterThan(0);
  });

  it("printf still runs: the output check lets a width move to the other argument, which the report finds", () => {
    const moved = kept.find((outcome) => outcome.source === "%s … %-20s" && outcome.final === "%-20s … %s");
    expect(moved).toBeDefined();
    expect(findings(moved!, true).map((f) => f.check)).toEqual(["printf"]);
  });

  it("an ICU plural in the source's categories is accepted, and the reduced report still runs plural-forms", () => {
    const polish = accepted.find((outcome) => outcome.locale === "pl");
    expect(polish).toBeDefined();
    expect(findings(polish!, true).map((f) => f.check)).toContain("plural-forms");
  });

  it("qualityReport skips the token checks only for pairs handed over; POST /process/check hands none over", () => {
    const pair = { path: ["a"], source: "Click <b>here</b>", translation: "Pulse aquí" };
    const report = (tokensKept?: boolean) =>
      qualityReport({ pairs: [{ ...pair, tokensKept }], sourceLocale: "en", targetLocale: "es" }).map(
        (finding) => finding.check,
      );
    expect(report()).toEqual(["markup"]);
    expect(report(false)).toEqual(["markup"]);
    // Never the case for an answer the output check accepted: shown only to prove the checks are skipped.
    expect(report(true)).toEqual([]);
  });
});
