// The imperative side of bench/rounds.ts: the run's number of rounds, and every judged ratio
// printed as it is measured and kept for the summary that ends the run.
import { formatVerdict, judgeRatio, roundsFrom, type Limit, type RatioVerdict } from "./rounds.js";

/** BENCH_ROUNDS: alternating rounds of every ratio part (default and least: 5). */
export const ROUNDS = roundsFrom(process.env.BENCH_ROUNDS);

const verdicts: RatioVerdict[] = [];

/** Prints `ratio <name>: <median> (min–max over N rounds) …` and keeps the verdict for the summary. */
export function reportRatio(name: string, perRound: readonly number[], limit?: Limit): RatioVerdict {
  const verdict = judgeRatio(name, perRound, limit);
  console.log(formatVerdict(verdict));
  verdicts.push(verdict);
  return verdict;
}

export const reportedVerdicts = (): readonly RatioVerdict[] => verdicts;
