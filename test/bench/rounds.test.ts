import { describe, expect, it } from "vitest";
import {
  ceiling,
  floor,
  formatVerdict,
  judgeRatio,
  median,
  middleRounds,
  ratiosPerRound,
  roundOrder,
  roundsFrom,
  summaryLines,
  warmedUp,
  type Limit,
} from "../../bench/rounds.js";

describe("roundsFrom: BENCH_ROUNDS is at least five", () => {
  it.each([
    [undefined, 5],
    ["", 5],
    ["5", 5],
    ["7", 7],
    ["12", 12],
  ])("%j → %d rounds", (value, rounds) => {
    expect(roundsFrom(value)).toBe(rounds);
  });

  it.each(["4", "1", "0", "-5", "5.5", "five", "NaN"])("refuses %j", (value) => {
    expect(() => roundsFrom(value)).toThrow(/BENCH_ROUNDS must be a whole number ≥ 5/);
  });
});

describe("roundOrder: every round visits every side, the first side rotating", () => {
  it.each([
    [["yardstick", "glossa"], 0, ["yardstick", "glossa"]],
    [["yardstick", "glossa"], 1, ["glossa", "yardstick"]],
    [["yardstick", "glossa"], 4, ["yardstick", "glossa"]],
    [["relay", "pglite", "postgres"], 1, ["pglite", "postgres", "relay"]],
    [["relay", "pglite", "postgres"], 2, ["postgres", "relay", "pglite"]],
    [["relay", "pglite", "postgres"], 3, ["relay", "pglite", "postgres"]],
    [[], 3, []],
  ])("%j in round %d → %j", (sides, round, order) => {
    expect(roundOrder(sides, round)).toEqual(order);
  });

  it("puts each side first equally often over rounds that are a multiple of the sides", () => {
    const firsts = Array.from({ length: 6 }, (_, round) => roundOrder(["a", "b", "c"], round)[0]);
    expect(firsts.filter((side) => side === "a")).toHaveLength(2);
    expect(firsts.filter((side) => side === "b")).toHaveLength(2);
  });
});

describe("median", () => {
  it.each([
    [[3], 3],
    [[5, 1, 3], 3],
    [[4, 1, 3, 2], 2.5],
    [[0.72, 0.86, 0.84, 0.71, 0.9], 0.84],
  ])("of %j is %d", (values, expected) => {
    expect(median(values)).toBeCloseTo(expected, 10);
  });

  it("refuses no values", () => {
    expect(() => median([])).toThrow();
  });

  it("is NaN when a round failed to give a figure", () => {
    expect(median([1, Number.NaN, 2])).toBeNaN();
  });
});

describe("ratiosPerRound pairs the two sides round by round", () => {
  it("divides each round's Glossa figure by the same round's yardstick", () => {
    expect(ratiosPerRound([80, 90, 60], [100, 100, 120])).toEqual([0.8, 0.9, 0.5]);
  });

  it("refuses rounds that do not pair", () => {
    expect(() => ratiosPerRound([1, 2], [1])).toThrow(/unpaired/);
  });
});

describe("judgeRatio: limits are judged on the median, not on one round", () => {
  const cases: [perRound: number[], limit: Limit | undefined, met: boolean | undefined, name: string][] = [
    [[0.84, 0.72, 0.71, 0.86, 0.81], floor(0.8), true, "median above the floor though two rounds are below"],
    [[0.84, 0.72, 0.71, 0.86, 0.79], floor(0.8), false, "median below the floor though two rounds are above"],
    [[0.8, 0.8, 0.8, 0.8, 0.8], floor(0.8), true, "a median equal to the floor meets it"],
    [[14.56, 3.2, 8.49, 1.2, 1.4], ceiling(1.5), false, "median above a ceiling"],
    [[1.4, 1.6, 1.5, 1.7, 1.2], ceiling(1.5), true, "a median equal to the ceiling meets it"],
    [[1.1, 1.2, 1.0, 1.3, 9.0], ceiling(1.5), true, "one wild round does not decide"],
    [[Number.NaN, Number.NaN, 1, 1, 1], floor(0.5), false, "a median that is not a number meets no floor"],
    [[2, 3, 4, 5, 6], undefined, undefined, "no limit: context only"],
  ];
  it.each(cases)("%j %j → met %j (%s)", (perRound, limit, met) => {
    expect(judgeRatio("x", perRound, limit).met).toBe(met);
  });

  it("keeps the spread and the number of rounds", () => {
    expect(judgeRatio("auth/pglite", [0.84, 0.72, 0.71, 0.86, 0.81], floor(0.8))).toEqual({
      name: "auth/pglite",
      median: 0.81,
      min: 0.71,
      max: 0.86,
      rounds: 5,
      limit: floor(0.8),
      met: true,
    });
  });
});

describe("formatVerdict prints the median, the spread and the verdict", () => {
  it.each([
    [
      judgeRatio("auth/pglite", [0.84, 0.72, 0.71, 0.86, 0.81], floor(0.8)),
      "ratio auth/pglite: 0.81 (0.71–0.86 over 5 rounds) floor 0.80: met",
    ],
    [
      judgeRatio("added-p99 vs relay/postgres", [14.56, 3.2, 8.49, 1.2, 1.4], ceiling(1.5)),
      "ratio added-p99 vs relay/postgres: 3.20 (1.20–14.56 over 5 rounds) ceiling 1.50: MISSED",
    ],
    [
      judgeRatio("tm-speedup", [246.6, 180.2, 300, 210, 199], floor(20)),
      "ratio tm-speedup: 210.0 (180.2–300.0 over 5 rounds) floor 20.00: met",
    ],
    [
      judgeRatio("key-cache/pglite", [7.6, 7.7, 7.5, 7.65, 7.8]),
      "ratio key-cache/pglite: 7.65 (7.50–7.80 over 5 rounds)",
    ],
  ])("%#: %s", (verdict, line) => {
    expect(formatVerdict(verdict)).toBe(line);
  });
});

describe("summaryLines lists the missed limits", () => {
  const met = judgeRatio("auth/pglite", [0.9, 0.9, 0.9, 0.9, 0.9], floor(0.8));
  const missed = judgeRatio("usage-overhead/postgres", [0.9, 0.9, 0.9, 0.9, 0.9], floor(0.95));
  const context = judgeRatio("key-cache/pglite", [7, 7, 7, 7, 7]);

  it.each([
    [[met, context], ["summary: all 1 limits met (judged on the medians)"]],
    [
      [met, missed, context],
      [
        "summary: 1 of 2 limits MISSED (judged on the medians):",
        "  ratio usage-overhead/postgres: 0.90 (0.90–0.90 over 5 rounds) floor 0.95: MISSED",
      ],
    ],
    [[context], ["summary: no ratio with a limit was measured"]],
    [[], ["summary: no ratio with a limit was measured"]],
  ])("%#", (verdicts, lines) => {
    expect(summaryLines(verdicts)).toEqual(lines);
  });
});

describe("judgeRatio with a spread: a median is judged only when the middle rounds lie within ±spread of it", () => {
  it.each([
    ["all rounds within ±10 %, median over the floor", [0.85, 0.82, 0.88, 0.86, 0.84], true, false],
    ["one round of five 20 % below the median: left out", [0.85, 0.68, 0.88, 0.86, 0.84], true, false],
    ["one round 20 % below and one 20 % above: both left out", [0.85, 0.68, 1.02, 0.86, 0.84], true, false],
    ["two rounds of five 20 % below the median", [0.85, 0.68, 0.88, 0.86, 0.67], false, true],
    ["two rounds of seven far off, one each side: left out", [0.85, 0.6, 0.88, 0.86, 0.84, 1.2, 0.83], true, false],
    ["two rounds of seven far below: one is in the middle", [0.85, 0.6, 0.88, 0.86, 0.84, 0.61, 0.83], false, true],
    ["within ±10 % but the median under the floor", [0.75, 0.72, 0.78, 0.76, 0.74], false, false],
  ])("%s", (_, perRound, met, tooSpread) => {
    const verdict = judgeRatio("auth-cpu/pglite", perRound, floor(0.8, { spread: 0.1 }));
    expect(verdict.met).toBe(met);
    expect(Boolean(verdict.tooSpread)).toBe(tooSpread);
  });

  it.each([
    [
      [5, 1, 4, 2, 3],
      [2, 3, 4],
    ],
    [
      [7, 1, 6, 2, 5, 3, 4],
      [2, 3, 4, 5, 6],
    ],
    [
      [8, 1, 7, 2, 6, 3, 5, 4],
      [3, 4, 5, 6],
    ],
  ])("the middle rounds of %j are %j", (values, middle) => {
    expect(middleRounds(values)).toEqual(middle);
  });

  it.each([
    ["every round under the ceiling, middle rounds spread ±19 %", [4.45, 3.61, 4.8, 5.3, 3.6], ceiling(12), true],
    ["every round over the ceiling, middle rounds spread ±17 %", [14.45, 12.0, 14.8, 17.7, 11.8], ceiling(11), false],
    ["every round over the floor", [0.9, 0.6, 1.2, 0.95, 0.7], floor(0.5), true],
  ])("judged when no spread could change the verdict: %s", (_, perRound, limit, met) => {
    const verdict = judgeRatio("cpu", perRound, { ...limit, spread: 0.1 });
    expect(verdict.met).toBe(met);
    expect(verdict.everyRound).toBe(true);
    expect(verdict.tooSpread).toBeUndefined();
  });

  it("prints a verdict taken from every round with the middle rounds' spread", () => {
    expect(formatVerdict(judgeRatio("cpu", [4.45, 3.61, 4.8, 5.3, 3.6], ceiling(12, { spread: 0.1 })))).toBe(
      "ratio cpu: 4.45 (3.60–5.30 over 5 rounds) ceiling 12.00: met by every round (middle rounds spread ±19 %)",
    );
  });

  it("says why it did not judge, and the summary counts it as missed", () => {
    const verdict = judgeRatio("cpu", [10, 14, 10, 13, 10], ceiling(12, { spread: 0.1 }));
    expect(formatVerdict(verdict)).toBe(
      "ratio cpu: 10.00 (10.00–14.00 over 5 rounds) ceiling 12.00: NOT JUDGED (middle rounds spread ±30 %, wider than ±10 %)",
    );
    expect(summaryLines([verdict])[0]).toBe("summary: 1 of 1 limits MISSED (judged on the medians):");
  });

  it("prints the middle rounds' spread beside a verdict", () => {
    expect(formatVerdict(judgeRatio("cpu", [10, 14, 10, 10.5, 10], ceiling(12, { spread: 0.1 })))).toBe(
      "ratio cpu: 10.00 (10.00–14.00 over 5 rounds), middle rounds ±5 % ceiling 12.00: met",
    );
  });
});

describe("warmedUp: a fresh server is measured once its CPU per request has settled", () => {
  it.each([
    { windows: [1976, 1533, 868], settled: false, why: "still falling" },
    { windows: [1976, 1533, 868, 593, 622, 445], settled: false, why: "one window far below the others" },
    { windows: [362, 383, 413], settled: true, why: "three windows within ±10 % of their median" },
    { windows: [1585, 1383, 837, 510, 409, 387, 429], settled: true, why: "the last three settle" },
    { windows: [409, 387], settled: false, why: "fewer than three windows" },
    { windows: [400, 400, Number.NaN], settled: false, why: "a window without a figure" },
  ])("$why: $settled", ({ windows, settled }) => {
    expect(warmedUp(windows)).toBe(settled);
  });
});
