/** The fidelity figures of one set of outputs against the sample's sources and human translations. Pure. */
import type { Sample } from "./catalogues.js";
import { corpusChrf } from "./chrf.js";
import { firstLetterCase, proseVerbatim } from "./measures.js";
import { argumentOrder, printfConversions, sameConversionSet } from "./printf.js";

export interface Figures {
  entries: number;
  chrf: number;
  /** Entries whose first letter has the case of the human translation's first letter. */
  caseAgrees: number;
  /** Sources that start with a lower-case letter, and of them the outputs whose first letter is lower-case. */
  lowerSources: number;
  lowerAnswers: number;
  /** Entries whose source holds printf conversions; of them, the same set; the arguments in the right order (kept or positional). */
  printfEntries: number;
  sameSet: number;
  rightOrder: number;
  positional: number;
  /** Outputs equal to their source (case aside) although it holds prose the human changed (lost strings left out). */
  verbatim: number;
  /** Outputs equal to the human translation (lost strings left out). */
  equalToHuman: number;
}

const startsLowerCase = (text: string) => /^\p{Ll}/u.test(text);

/** `lost`: strings the engine did not translate (their output is the source, as the caller gets it back). */
export function score(samples: readonly Sample[], outputs: readonly string[], lost?: readonly boolean[]): Figures {
  const figures: Figures = {
    entries: samples.length,
    chrf: corpusChrf(
      outputs,
      samples.map((sample) => sample.human),
    ),
    caseAgrees: 0,
    lowerSources: 0,
    lowerAnswers: 0,
    printfEntries: 0,
    sameSet: 0,
    rightOrder: 0,
    positional: 0,
    verbatim: 0,
    equalToHuman: 0,
  };
  samples.forEach((sample, index) => {
    const output = outputs[index]!;
    if (firstLetterCase(output) === firstLetterCase(sample.human)) figures.caseAgrees++;
    if (startsLowerCase(sample.source)) {
      figures.lowerSources++;
      if (firstLetterCase(output) === "lower") figures.lowerAnswers++;
    }
    if (printfConversions(sample.source).length > 0) {
      figures.printfEntries++;
      if (sameConversionSet(sample.source, output)) figures.sameSet++;
      const order = argumentOrder(sample.source, output);
      if (order !== "wrong") figures.rightOrder++;
      if (order === "positional") figures.positional++;
    }
    if (lost?.[index]) return;
    if (proseVerbatim(sample.source, output, sample.human)) figures.verbatim++;
    if (output === sample.human) figures.equalToHuman++;
  });
  return figures;
}
