/**
 * (d) The output check's hand-over (docs/quality.md#what-the-output-check-hands-over), proved on
 * Debian's catalogues: every human translation, and every faulty one the faults make of it, taken
 * as an engine's answer (as written, numbered as the pipeline sends printf conversions, and the
 * pseudo engine's answer to the source); each that the output check accepts with every token kept
 * is finished as the pipeline finishes it, and must get the same findings from the reduced report
 * (token checks skipped) as from the full one. A difference fails the run.
 */
import type * as PostEdit from "../../src/core/content/post-edit.js";
import type * as PrintfOrder from "../../src/core/content/printf-order.js";
import type * as Pseudo from "../../src/core/content/pseudo-localize.js";
import type * as ValidateOutput from "../../src/core/engines/validate-output.js";
import type * as Checks from "../../src/core/quality/index.js";
import type { HumanPair } from "./catalogue-pairs.js";
import { FAULTS } from "./faults.js";

const fromBuild = async <T>(path: string): Promise<T> =>
  (await import(new URL(`../../dist/${path}`, import.meta.url).href)) as T;

export async function benchHandOver(catalogues: ReadonlyMap<string, readonly HumanPair[]>): Promise<void> {
  const { postEdit } = await fromBuild<typeof PostEdit>("core/content/post-edit.js");
  const { printfOrderPlan, restorePrintfOrder } = await fromBuild<typeof PrintfOrder>("core/content/printf-order.js");
  const { pseudoLocalize } = await fromBuild<typeof Pseudo>("core/content/pseudo-localize.js");
  const { checkOutput } = await fromBuild<typeof ValidateOutput>("core/engines/validate-output.js");
  const { checkTranslation } = await fromBuild<typeof Checks>("core/quality/index.js");
  let answers = 0;
  let accepted = 0;
  let kept = 0;
  const differing: string[] = [];
  for (const [language, pairs] of catalogues) {
    const pair = { sourceLocale: "en", targetLocale: language };
    for (const human of pairs) {
      const translations = [
        { source: human.source, translation: human.human },
        ...FAULTS.flatMap((fault) => fault.apply(human.source, human.human) ?? []),
      ];
      for (const { source, translation } of translations) {
        const plan = printfOrderPlan(source);
        for (const answer of new Set([translation, printfOrderPlan(translation).text, pseudoLocalize(plan.text)])) {
          answers++;
          const outcome = checkOutput(plan.text, answer, [], pair);
          if (outcome.problems.length > 0) continue;
          accepted++;
          if (!outcome.tokensKept) continue;
          kept++;
          const input = {
            source,
            translation: postEdit(source, restorePrintfOrder(plan, answer), language),
            sourceLocale: "en",
            targetLocale: language,
          };
          const full = JSON.stringify(checkTranslation(input));
          const reduced = JSON.stringify(checkTranslation(input, { tokensKept: true }));
          if (full !== reduced)
            differing.push(`${language}: ${JSON.stringify(source)} → ${JSON.stringify(input.translation)}: ${full}`);
        }
      }
    }
  }
  console.log(
    `\n(d) hand-over: ${answers} answers (human and faulty translations, numbered, pseudo), ${accepted} accepted by the output check, ` +
      `${kept} with every token kept; the reduced report differs from the full one on ${differing.length}: ` +
      `${differing.length === 0 ? "met" : "MISSED"}`,
  );
  for (const line of differing.slice(0, 10)) console.log(`    ${line}`);
  if (differing.length > 0) process.exitCode = 1;
}
