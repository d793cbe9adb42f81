import { describe, expect, it } from "vitest";
import { chrfFromStatistics, corpusChrf, sentenceStatistics } from "../../bench/fidelity/chrf.js";

// Reference values computed with sacrebleu 2.6.0, `corpus_chrf` defaults (char order 6, word
// order 0, β 2, case-sensitive, whitespace removed).
const SACREBLEU: [hypotheses: string[], references: string[], chrf: number][] = [
  [["no se puede abrir el fichero"], ["no se puede abrir el fichero"], 100.0],
  [["No puede abrir lima"], ["no se puede abrir el fichero"], 41.099],
  [["Usuario nulo", "usuario nulo"], ["usuario inválido", "usuario inválido"], 36.8571],
  [
    ["El objetivo %s no es un directorio", "estado desconocido de orden (0x%X)", "Error de autobús"],
    ["el objetivo %s no es un directorio", "estado desconocido de la orden (0x%X)", "Error de bus"],
    86.2422,
  ],
];

describe("corpusChrf matches sacrebleu's corpus_chrf", () => {
  it.each(SACREBLEU)("%j against %j → %d", (hypotheses, references, expected) => {
    expect(corpusChrf(hypotheses, references).toFixed(4)).toBe(expected.toFixed(4));
  });

  it("sums the statistics over the corpus instead of averaging sentence scores", () => {
    const pairs = SACREBLEU[3]!;
    const mean =
      pairs[0].reduce((sum, hypothesis, index) => sum + corpusChrf([hypothesis], [pairs[1][index]!]), 0) /
      pairs[0].length;
    expect(Math.abs(corpusChrf(pairs[0], pairs[1]) - mean)).toBeGreaterThan(0.1);
  });

  it("is case-sensitive and ignores whitespace", () => {
    expect(corpusChrf(["Usuario"], ["usuario"])).toBeLessThan(100);
    expect(corpusChrf(["no se  puede\tabrir"], ["nose puedeabrir"])).toBe(100);
  });

  it("averages precision and recall over the orders both sides have (a 3-letter corpus has no 4-grams)", () => {
    const statistics = sentenceStatistics("abc", "abd");
    expect(statistics.slice(3).every(([hyp, ref]) => hyp === 0 && ref === 0)).toBe(true);
    // orders 1–3: precision = recall = 2/3, 1/2, 0 → both average 7/18, and so does F.
    expect(chrfFromStatistics(statistics)).toBeCloseTo((100 * 7) / 18, 10);
  });

  it("counts characters as code points", () => {
    expect(sentenceStatistics("𝔸b", "𝔸b")[0]).toEqual([2, 2, 2]);
  });

  it("scores 0 when nothing matches and refuses corpora of different lengths", () => {
    expect(corpusChrf(["xyz"], ["abc"])).toBe(0);
    expect(() => corpusChrf(["a"], [])).toThrow();
  });
});
