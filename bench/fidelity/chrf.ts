/**
 * chrF as sacrebleu 2.x computes it with `corpus_chrf`'s defaults: character n-grams of orders
 * 1–6 (no word n-grams), β = 2, case-sensitive, whitespace removed before the n-grams are taken.
 * Corpus-level: each order's n-gram counts (hypothesis, reference, matched) are summed over all
 * sentence pairs first. Precision and recall are then averaged over the orders where both sides
 * have n-grams (the "effective order": a short corpus may have no 6-grams), and the F-score is
 * taken of those averages — not the mean of per-order F-scores. Characters are code points, as
 * in Python.
 */
export const CHRF_CHAR_ORDER = 6;
export const CHRF_BETA = 2;

/** Per order n: [hypothesis n-grams, reference n-grams, matched n-grams]. */
export type ChrfStatistics = [number, number, number][];

function ngramCounts(characters: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= characters.length; i++) {
    const gram = characters.slice(i, i + n).join("");
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

const sum = (counts: Map<string, number>) => [...counts.values()].reduce((total, count) => total + count, 0);

/** The n-gram statistics of one hypothesis against its reference. */
export function sentenceStatistics(hypothesis: string, reference: string): ChrfStatistics {
  // Python's str.split() with no argument: any run of Unicode whitespace.
  const hyp = Array.from(hypothesis.replace(/\s+/gu, ""));
  const ref = Array.from(reference.replace(/\s+/gu, ""));
  const statistics: ChrfStatistics = [];
  for (let n = 1; n <= CHRF_CHAR_ORDER; n++) {
    const hypGrams = ngramCounts(hyp, n);
    const refGrams = ngramCounts(ref, n);
    let matched = 0;
    for (const [gram, count] of hypGrams) matched += Math.min(count, refGrams.get(gram) ?? 0);
    statistics.push([sum(hypGrams), sum(refGrams), matched]);
  }
  return statistics;
}

/** chrF (0–100) from statistics already summed over a corpus. */
export function chrfFromStatistics(statistics: ChrfStatistics, beta = CHRF_BETA): number {
  let precision = 0;
  let recall = 0;
  let effectiveOrder = 0;
  for (const [hypCount, refCount, matched] of statistics) {
    if (hypCount > 0 && refCount > 0) {
      precision += matched / hypCount;
      recall += matched / refCount;
      effectiveOrder++;
    }
  }
  if (effectiveOrder === 0) return 0;
  precision /= effectiveOrder;
  recall /= effectiveOrder;
  if (precision + recall === 0) return 0;
  const factor = beta * beta;
  return (100 * (1 + factor) * precision * recall) / (factor * precision + recall);
}

/** Corpus-level chrF of hypotheses against one reference each (same length, same order). */
export function corpusChrf(hypotheses: readonly string[], references: readonly string[]): number {
  if (hypotheses.length !== references.length)
    throw new Error(`chrF: ${hypotheses.length} hypotheses for ${references.length} references`);
  const total: ChrfStatistics = Array.from({ length: CHRF_CHAR_ORDER }, () => [0, 0, 0]);
  hypotheses.forEach((hypothesis, index) => {
    sentenceStatistics(hypothesis, references[index]!).forEach(([h, r, m], order) => {
      const row = total[order]!;
      row[0] += h;
      row[1] += r;
      row[2] += m;
    });
  });
  return chrfFromStatistics(total);
}
