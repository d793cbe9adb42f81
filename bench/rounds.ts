/**
 * How every ratio of the benchmark is measured and judged (pure: no I/O, no clock).
 *
 * A ratio part runs its yardstick and Glossa in alternating rounds (each round visits every side,
 * the order rotated from round to round), takes one ratio per round from the two sides measured in
 * that round, and reports the median of those ratios with their spread (min–max). A limit — a
 * floor (≥) or a ceiling (≤) — is judged on the median only: one round on a shared host says little,
 * the middle of several says what the code does.
 */

export const MIN_ROUNDS = 5;

/** `BENCH_ROUNDS` (default and least: 5). Fewer rounds could not tell a change from noise, so they are refused. */
export function roundsFrom(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return MIN_ROUNDS;
  const rounds = Number(value);
  if (!Number.isInteger(rounds) || rounds < MIN_ROUNDS)
    throw new Error(`BENCH_ROUNDS must be a whole number ≥ ${MIN_ROUNDS}, got ${JSON.stringify(value)}`);
  return rounds;
}

/** The order in which one round visits the sides: rotated by the round, so no side is always first. */
export function roundOrder<T>(sides: readonly T[], round: number): T[] {
  const n = sides.length;
  if (n === 0) return [];
  const shift = ((round % n) + n) % n;
  return [...sides.slice(shift), ...sides.slice(0, shift)];
}

/** The middle value; NaN if any value is NaN (a failed measurement must not pass for a figure). */
export const median = (values: readonly number[]): number => {
  if (values.length === 0) throw new Error("the median of no values");
  if (values.some(Number.isNaN)) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** One ratio per round: `glossa[i] / yardstick[i]` (rounds paired by index). */
export function ratiosPerRound(glossa: readonly number[], yardstick: readonly number[]): number[] {
  if (glossa.length !== yardstick.length)
    throw new Error(`unpaired rounds: ${glossa.length} measurements against ${yardstick.length}`);
  return glossa.map((value, i) => value / yardstick[i]!);
}

/**
 * A floor (≥) or ceiling (≤) on the median. With `spread`, the median is judged only when the middle
 * rounds (`middleRounds`) lie within ±spread of it (0.1: ±10 %): a wider spread says the host moved
 * more than the code — unless every round is on the same side of the limit, where no spread could
 * change the verdict.
 */
export type Limit = { kind: "floor" | "ceiling"; value: number; spread?: number };
export const floor = (value: number, options: { spread?: number } = {}): Limit => ({
  kind: "floor",
  value,
  ...options,
});
export const ceiling = (value: number, options: { spread?: number } = {}): Limit => ({
  kind: "ceiling",
  value,
  ...options,
});

/** The largest distance of a round from the median, as a fraction of the median. */
export const spreadOf = (values: readonly number[], mid: number): number =>
  Math.max(...values.map((value) => Math.abs(value - mid) / Math.abs(mid)));

/**
 * The rounds between the quartiles: the highest and the lowest quarter left out (one of each of
 * five to seven rounds). A ratio takes two fresh servers, and one fresh server in three settles
 * about 20 % off the others (docs/performance.md, "Judged on the middle rounds"), so one round of
 * five lands far off with no change in the code; the middle rounds say whether the median can be trusted.
 */
export function middleRounds(values: readonly number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const cut = Math.floor(sorted.length / 4);
  return sorted.slice(cut, sorted.length - cut);
}

export interface RatioVerdict {
  name: string;
  median: number;
  min: number;
  max: number;
  rounds: number;
  limit?: Limit;
  /** Whether the median meets the limit; undefined when the ratio has none (context only). */
  met?: boolean;
  /** The limit asks for a spread the middle rounds do not have: not judged, and so not met. */
  tooSpread?: boolean;
  /** The middle rounds spread wider, but every round is on the same side of the limit: judged on that. */
  everyRound?: boolean;
  /** With a spread limit: the middle rounds' largest distance from the median, as a fraction of it. */
  middleSpread?: number;
}

/** Judges a ratio from its per-round values. A median that is not a number (NaN) meets no limit: fail closed. */
export function judgeRatio(name: string, perRound: readonly number[], limit?: Limit): RatioVerdict {
  const mid = median(perRound);
  const verdict: RatioVerdict = {
    name,
    median: mid,
    min: Math.min(...perRound),
    max: Math.max(...perRound),
    rounds: perRound.length,
  };
  if (!limit) return verdict;
  const meets = (value: number) => (limit.kind === "floor" ? value >= limit.value : value <= limit.value);
  const spread = limit.spread === undefined ? {} : { middleSpread: spreadOf(middleRounds(perRound), mid) };
  if (limit.spread !== undefined && !(spread.middleSpread! <= limit.spread)) {
    if (perRound.every(meets)) return { ...verdict, ...spread, limit, met: true, everyRound: true };
    if (!perRound.some(meets)) return { ...verdict, ...spread, limit, met: false, everyRound: true };
    return { ...verdict, ...spread, limit, met: false, tooSpread: true };
  }
  return { ...verdict, ...spread, limit, met: meets(mid) };
}

const figure = (value: number) => (Math.abs(value) >= 100 ? value.toFixed(1) : value.toFixed(2));

/** `ratio <name>: <median> (<min>–<max> over N rounds) floor <x>: met|MISSED` (or `ceiling <x>`). */
export function formatVerdict(verdict: RatioVerdict): string {
  const head = `ratio ${verdict.name}: ${figure(verdict.median)} (${figure(verdict.min)}–${figure(verdict.max)} over ${verdict.rounds} rounds)`;
  if (!verdict.limit) return head;
  const limit = `${verdict.limit.kind} ${figure(verdict.limit.value)}`;
  const verdictWord = verdict.met ? "met" : "MISSED";
  if (verdict.middleSpread === undefined) return `${head} ${limit}: ${verdictWord}`;
  const middle = `±${Math.round(verdict.middleSpread * 100)} %`;
  if (verdict.tooSpread)
    return `${head} ${limit}: NOT JUDGED (middle rounds spread ${middle}, wider than ±${Math.round(verdict.limit.spread! * 100)} %)`;
  if (verdict.everyRound) return `${head} ${limit}: ${verdictWord} by every round (middle rounds spread ${middle})`;
  return `${head}, middle rounds ${middle} ${limit}: ${verdictWord}`;
}

/** The lines that end a run: every missed limit, or that none was missed. */
export function summaryLines(verdicts: readonly RatioVerdict[]): string[] {
  const judged = verdicts.filter((verdict) => verdict.limit);
  const missed = judged.filter((verdict) => !verdict.met);
  if (judged.length === 0) return ["summary: no ratio with a limit was measured"];
  if (missed.length === 0) return [`summary: all ${judged.length} limits met (judged on the medians)`];
  return [
    `summary: ${missed.length} of ${judged.length} limits MISSED (judged on the medians):`,
    ...missed.map((verdict) => `  ${formatVerdict(verdict)}`),
  ];
}

/**
 * Whether a fresh server's warm-up is over: its CPU per request over the last `windows` one-second
 * loads lies within ±`tolerance` of their median. A server's cost per request falls for several
 * seconds after it starts (≈ 2,000 µs → 400 µs over 5–10 s: V8 optimising the hot path on
 * background threads, whose CPU counts in the process's), so a measurement taken after a fixed
 * one-second warm-up caught it at whatever point of that fall it had reached
 * (docs/performance.md, "Why a server's cost sat at one of two levels").
 */
export function warmedUp(cpuPerRequest: readonly number[], windows = 3, tolerance = 0.1): boolean {
  if (cpuPerRequest.length < windows) return false;
  const last = cpuPerRequest.slice(-windows);
  if (last.some((value) => !Number.isFinite(value))) return false;
  const middle = median(last);
  return last.every((value) => Math.abs(value - middle) <= tolerance * middle);
}
