/**
 * `BENCH_ONLY=fidelity`: Glossa's translations of real UI strings against what human translators
 * wrote, beside Apertium run directly on the same strings (the yardstick). Data built at run
 * time from the machine's own catalogues (GPL: never committed): for each installed Apertium
 * pair from English whose target language has catalogues under /usr/share/locale, up to 1,500
 * entries of coreutils, bash, apt, grep, sed, tar, findutils and diffutils. Glossa (embedded store,
 * a server process from dist/) gets them in calls of 100 strings through an Apertium engine, then
 * through OpenAI-compatible stand-ins that answer with the human translations (oracle, swapper,
 * capitaliser). Prints each figure beside Apertium's and the human's, and each target met or
 * missed. Missing apertium, msgfmt or catalogues is reported as NOT MEASURED and fails the run.
 * What is measured and why: docs/quality.md.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { startBenchServer, storeEnvironment } from "../localize-auth-bench.js";
import { median } from "../rounds.js";
import { json, seed } from "../support.js";
import { cataloguesNamed, type Sample } from "./catalogues.js";
import { localizeInCalls, type GlossaRun } from "./glossa-client.js";
import {
  apertiumDirectly,
  apertiumModes,
  buildSample,
  hasGettext,
  msgfmtCheck,
  pairsWithCatalogues,
  type MsgfmtCheck,
  type Pair,
} from "./machine.js";
import { proseVerbatim } from "./measures.js";
import { argumentOrder, silentlyReordered } from "./printf.js";
import { score, type Figures } from "./score.js";
import { benchPoCatalogues } from "./po-bench.js";
import { startStandIn, swappable, type StandInMode } from "./stand-in.js";

/** BENCH_FIDELITY_ROUNDS: rounds of the timed runs (Apertium directly and Glossa, interleaved). */
const ROUNDS = Number(process.env.BENCH_FIDELITY_ROUNDS ?? 3);
/** BENCH_FIDELITY_DETAIL: how many strings each detail list prints (strings behind a missed figure). */
const DETAIL = Number(process.env.BENCH_FIDELITY_DETAIL ?? 10);
/** BENCH_FIDELITY_CATALOGUES: the catalogues read — unset (the default set), `other`, or names separated by commas. */
const CATALOGUE_NAMES = cataloguesNamed(process.env.BENCH_FIDELITY_CATALOGUES);
/** BENCH_FIDELITY_MODES: the Apertium pairs measured (modes separated by commas), all installed ones from English when unset. */
const MODES = process.env.BENCH_FIDELITY_MODES?.split(",").map((mode) => mode.trim());
/** BENCH_FIDELITY_STAND_INS_ONLY=1: only the stand-in models (no Apertium rounds, no wall-time figures). */
const STAND_INS_ONLY = process.env.BENCH_FIDELITY_STAND_INS_ONLY === "1";

/** Up to DETAIL lines of strings behind a figure, source → output. */
function printDetail(label: string, pairs: readonly (readonly [string, string])[]) {
  for (const [source, output] of pairs.slice(0, DETAIL))
    console.log(`    ${label}: ${JSON.stringify(source)} → ${JSON.stringify(output)}`);
  if (pairs.length > DETAIL) console.log(`    ${label}: … ${pairs.length - DETAIL} more`);
}

const count = (n: number) => n.toLocaleString("en-US");
const pct = (part: number, whole: number) => (whole === 0 ? "–" : `${((100 * part) / whole).toFixed(1)} %`);
const of = (part: number, whole: number) => `${count(part)}/${count(whole)}`;
const verdict = (met: boolean) => (met ? "met" : "MISSED");

interface Glossa {
  url: string;
  apiKey: string;
  engine(body: Record<string, unknown>): Promise<string>;
  stop(): Promise<void>;
}

async function startGlossa(): Promise<Glossa> {
  const { env, cleanup } = await storeEnvironment("pglite");
  const server = await startBenchServer(env);
  const seeded = await seed(server.url);
  return {
    url: server.url,
    apiKey: seeded.secret,
    engine: async (body) =>
      (await json(`${server.url}/api/orgs/${seeded.orgId}/engines`, "POST", body, seeded.cookie)).body.id as string,
    stop: async () => {
      await server.stop();
      await cleanup();
    },
  };
}

function printRow(label: string, ...cells: string[]) {
  console.log(`  ${label.padEnd(44)}${cells.map((cell) => cell.padEnd(22)).join("")}`.trimEnd());
}

function describeRun(run: GlossaRun): string {
  const refusedStrings = run.refused.reduce((sum, call) => sum + call.strings, 0);
  const byCode = new Map<string, number>();
  for (const entry of run.untranslated) byCode.set(entry.code, (byCode.get(entry.code) ?? 0) + 1);
  const listed = [...byCode].map(([code, n]) => `${code} ${n}`).join(", ");
  return (
    `${run.calls} calls, ${run.refused.length} refused (${count(refusedStrings)} strings with them), ` +
    `${run.untranslated.length} strings listed in "untranslated"${listed ? ` (${listed})` : ""}, ` +
    `${count(run.lost.filter(Boolean).length)} strings lost in all`
  );
}

function printRefusals(run: GlossaRun) {
  for (const call of run.refused.slice(0, 6)) console.log(`    refused ${call.status}: ${call.detail.slice(0, 300)}`);
  const reasons = new Set(run.untranslated.filter((u) => u.code !== "unchanged").map((u) => u.reason));
  for (const reason of [...reasons].slice(0, 6)) console.log(`    untranslated: ${reason.slice(0, 300)}`);
}

/** The human translations pass `msgfmt -c`; an entry whose human text fails it loses its guessed c-format flag. */
async function checkedFlags(pair: Pair, sample: Sample[], dir: string): Promise<{ sample: Sample[]; dropped: number }> {
  const human = await msgfmtCheck(
    pair.localeDir,
    sample.map((s) => ({ source: s.source, translation: s.human, cFormat: s.cFormat })),
    join(dir, "human.po"),
  );
  return {
    sample: sample.map((s, index) => (human.entries.has(index) ? { ...s, cFormat: false } : s)),
    dropped: human.entries.size,
  };
}

const msgfmtOf = (pair: Pair, sample: readonly Sample[], outputs: readonly string[], file: string) =>
  msgfmtCheck(
    pair.localeDir,
    sample.map((s, index) => ({ source: s.source, translation: outputs[index]!, cFormat: s.cFormat })),
    file,
  );

function printFigures(apertium: Figures, glossa: Figures, human: Figures, checks: MsgfmtCheck[], times: string[]) {
  printRow("", "Apertium directly", "Glossa (apertium)", "human");
  printRow("chrF", apertium.chrf.toFixed(2), glossa.chrf.toFixed(2), human.chrf.toFixed(2));
  printRow(
    "first letter's case as the human's",
    `${of(apertium.caseAgrees, apertium.entries)} ${pct(apertium.caseAgrees, apertium.entries)}`,
    `${of(glossa.caseAgrees, glossa.entries)} ${pct(glossa.caseAgrees, glossa.entries)}`,
    of(human.caseAgrees, human.entries),
  );
  printRow(
    "lower-case sources answered in lower case",
    of(apertium.lowerAnswers, apertium.lowerSources),
    of(glossa.lowerAnswers, glossa.lowerSources),
    of(human.lowerAnswers, human.lowerSources),
  );
  printRow(
    "printf conversions: same set",
    of(apertium.sameSet, apertium.printfEntries),
    of(glossa.sameSet, glossa.printfEntries),
    of(human.sameSet, human.printfEntries),
  );
  const order = (f: Figures) => `${of(f.rightOrder, f.printfEntries)} (${f.positional} pos.)`;
  printRow("printf order kept or positional", order(apertium), order(glossa), order(human));
  printRow("msgfmt -c errors", ...checks.map((check) => String(check.errors)));
  printRow("prose returned verbatim", String(apertium.verbatim), String(glossa.verbatim), "");
  printRow(`wall time, median of ${ROUNDS} (range)`, ...times);
}

function perCatalogue(sample: readonly Sample[]): string {
  const counts = new Map<string, number>();
  for (const s of sample) counts.set(s.catalogue, (counts.get(s.catalogue) ?? 0) + 1);
  return [...counts].map(([name, n]) => `${name} ${count(n)}`).join(", ");
}

async function benchPair(pair: Pair, glossa: Glossa, dir: string): Promise<boolean> {
  const built = await buildSample(pair, dir);
  const { sample, dropped } = await checkedFlags(pair, built, dir);
  const sources = sample.map((s) => s.source);
  const humans = sample.map((s) => s.human);
  const printfCount = score(sample, humans).printfEntries;
  console.log(
    `\n${pair.mode} (${pair.sourceLocale} → ${pair.targetLocale}): catalogues read: ${pair.catalogues.join(", ")}; ` +
      `${count(sample.length)} entries sampled (${perCatalogue(sample)}); ` +
      `${count(printfCount)} with printf conversions (flagged c-format: ${sample.filter((s) => s.cFormat).length}, ` +
      `${sample.filter((s) => s.cFormat && !s.cFormatGuessed).length} of them by the catalogue` +
      `${dropped ? `, ${dropped} flags dropped where the human text fails msgfmt -c` : ""})`,
  );
  if (STAND_INS_ONLY)
    return benchStandIns(
      pair,
      glossa,
      sample.filter((s) => !/[{}]/.test(s.source)),
    );

  // Wall times are medians of interleaved rounds (the machine may be shared); each Glossa round
  // has an engine of its own, so that no round is served from the translation memory.
  const directRuns = [];
  const glossaRuns: GlossaRun[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    directRuns.push(await apertiumDirectly(pair.mode, sources, dir));
    const engine = await glossa.engine({ name: `Apertium ${pair.mode} ${round + 1}`, provider: "apertium" });
    glossaRuns.push(
      await localizeInCalls(glossa.url, glossa.apiKey, engine, pair.sourceLocale, pair.targetLocale, sources),
    );
  }
  const direct = directRuns[0]!;
  const run = glossaRuns[0]!;
  const directMs = median(directRuns.map((r) => r.ms));
  const glossaMs = median(glossaRuns.map((r) => r.ms));
  const differing = glossaRuns.filter((r) => r.outputs.some((text, index) => text !== run.outputs[index])).length;

  const apertium = score(sample, direct.outputs);
  const through = score(sample, run.outputs, run.lost);
  const human = score(sample, humans);
  const checks = [
    await msgfmtOf(pair, sample, direct.outputs, join(dir, "apertium.po")),
    await msgfmtOf(pair, sample, run.outputs, join(dir, "glossa.po")),
    await msgfmtOf(pair, sample, humans, join(dir, "human-checked.po")),
  ];
  const times = (ms: readonly number[]) =>
    `${(median(ms) / 1000).toFixed(2)} s (${(Math.min(...ms) / 1000).toFixed(2)}–${(Math.max(...ms) / 1000).toFixed(2)})`;
  printFigures(apertium, through, human, checks, [
    times(directRuns.map((r) => r.ms)),
    times(glossaRuns.map((r) => r.ms)),
    "",
  ]);
  if (differing > 0) console.log(`  NOTE: ${differing} of ${ROUNDS} Glossa rounds answered differently from the first`);
  console.log(`  Glossa: ${describeRun(run)}`);
  printRefusals(run);
  printDetail(
    "verbatim by Glossa, changed by Apertium",
    sample
      .map((s, index) => ({ s, index, apertiumOutput: direct.outputs[index]! }))
      .filter(
        ({ s, index, apertiumOutput }) =>
          !run.lost[index] &&
          proseVerbatim(s.source, run.outputs[index]!, s.human) &&
          !proseVerbatim(s.source, apertiumOutput, s.human),
      )
      .map(({ s, apertiumOutput }) => [s.source, apertiumOutput] as const),
  );
  for (const message of checks[1]!.messages) console.log(`    msgfmt: ${message.slice(0, 200)}`);

  const wallRatio = glossaMs / directMs;
  const lost = run.lost.filter(Boolean).length;
  const targets: [string, boolean][] = [
    [
      `chrF ≥ Apertium's + 1.0: ${through.chrf.toFixed(2)} vs ${(apertium.chrf + 1).toFixed(2)}`,
      through.chrf >= apertium.chrf + 1,
    ],
    [
      `first letter's case as the human's ≥ 97 %: ${pct(through.caseAgrees, through.entries)}`,
      through.caseAgrees >= 0.97 * through.entries,
    ],
    [`printf same set 100 %: ${of(through.sameSet, through.printfEntries)}`, through.sameSet === through.printfEntries],
    [
      `printf order kept or positional 100 %: ${of(through.rightOrder, through.printfEntries)}`,
      through.rightOrder === through.printfEntries,
    ],
    [`msgfmt -c errors 0: ${checks[1]!.errors}`, checks[1]!.errors === 0],
    [
      `prose returned verbatim ≤ Apertium's: ${through.verbatim} vs ${apertium.verbatim}`,
      through.verbatim <= apertium.verbatim,
    ],
    [`wall time ≤ 2 × Apertium's: ${wallRatio.toFixed(1)} ×`, wallRatio <= 2],
    [`no string lost (refused calls, "untranslated" failures): ${lost}`, lost === 0],
  ];
  console.log(`  ratio fidelity-wall/${pair.mode}: ${wallRatio.toFixed(2)} (target ≤ 2)`);
  console.log(`  ratio fidelity-chrf-gain/${pair.mode}: ${(through.chrf - apertium.chrf).toFixed(2)} (target ≥ 1.0)`);
  for (const [label, met] of targets) console.log(`  target ${label}: ${verdict(met)}`);

  const llmMet = await benchStandIns(
    pair,
    glossa,
    sample.filter((s) => !/[{}]/.test(s.source)),
  );
  return targets.every(([, met]) => met) && llmMet;
}

function equalByCatalogue(sample: readonly Sample[], outputs: readonly string[]): string {
  const counts = new Map<string, { equal: number; all: number }>();
  sample.forEach((s, index) => {
    const entry = counts.get(s.catalogue) ?? { equal: 0, all: 0 };
    entry.all++;
    if (outputs[index] === s.human) entry.equal++;
    counts.set(s.catalogue, entry);
  });
  return [...counts].map(([name, { equal, all }]) => `${name} ${of(equal, all)}`).join(", ");
}

async function throughStandIn(mode: StandInMode, pair: Pair, glossa: Glossa, sample: readonly Sample[]) {
  const standIn = await startStandIn(mode, new Map(sample.map((s) => [s.source, s.human])));
  try {
    const engine = await glossa.engine({
      name: `Stand-in ${mode} ${pair.mode}`,
      provider: "openai",
      config: { baseUrl: standIn.url, models: [{ model: mode }] },
    });
    const run = await localizeInCalls(
      glossa.url,
      glossa.apiKey,
      engine,
      pair.sourceLocale,
      pair.targetLocale,
      sample.map((s) => s.source),
    );
    return { run, figures: score(sample, run.outputs, run.lost), unknownItems: standIn.unknownItems() };
  } finally {
    await standIn.close();
  }
}

async function benchStandIns(pair: Pair, glossa: Glossa, sample: Sample[]): Promise<boolean> {
  console.log(
    `  through an OpenAI-compatible stand-in answering with the human translations (${count(sample.length)} entries without { or }):`,
  );
  const n = sample.length;
  const unknown = (u: number) => (u ? `; ${u} items matched no catalogue source (answered unchanged)` : "");

  const oracle = await throughStandIn("oracle", pair, glossa, sample);
  const answered = n - oracle.run.lost.filter(Boolean).length;
  console.log(`  oracle: ${describeRun(oracle.run)}${unknown(oracle.unknownItems)}`);
  console.log(
    `    equal to the human translation: ${of(oracle.figures.equalToHuman, answered)} answered, ${pct(oracle.figures.equalToHuman, n)} of all`,
  );
  printRefusals(oracle.run);
  console.log(`    equal to the human translation by catalogue: ${equalByCatalogue(sample, oracle.run.outputs)}`);
  printDetail(
    "not equal to the human (source → answer)",
    sample
      .map((s, index) => ({ s, output: oracle.run.outputs[index]! }))
      .filter(({ s, output }) => output !== s.human)
      .map(({ s, output }) => [s.source, output] as const),
  );
  const oracleMet = oracle.run.refused.length === 0 && oracle.figures.equalToHuman >= 0.99 * n;

  const swapper = await throughStandIn("swapper", pair, glossa, sample);
  const swapped = sample.map((s, index) => ({ s, index })).filter(({ s }) => swappable(s.human));
  const outcome = { silent: 0, positional: 0, kept: 0, lost: 0, other: 0 };
  const wrong: [string, string][] = [];
  for (const { s, index } of swapped) {
    const output = swapper.run.outputs[index]!;
    if (swapper.run.lost[index]) outcome.lost++;
    else if (silentlyReordered(s.source, output)) {
      outcome.silent++;
      wrong.push([s.source, output]);
    } else if (argumentOrder(s.source, output) === "positional") outcome.positional++;
    else if (argumentOrder(s.source, output) === "kept") outcome.kept++;
    else {
      outcome.other++;
      wrong.push([s.source, output]);
    }
  }
  console.log(`  swapper: ${describeRun(swapper.run)}${unknown(swapper.unknownItems)}`);
  console.log(
    `    ${swapped.length} strings whose human text has two different non-positional conversions, swapped by the stand-in: ` +
      `silent swap ${outcome.silent}, rewritten to positional ${outcome.positional}, refused or lost ${outcome.lost}, ` +
      `order kept ${outcome.kept}, other ${outcome.other}`,
  );
  printDetail("silent swap or other", wrong);
  const swapperMet = outcome.silent === 0 && outcome.other === 0;

  const capitaliser = await throughStandIn("capitaliser", pair, glossa, sample);
  const c = capitaliser.figures;
  console.log(`  capitaliser: ${describeRun(capitaliser.run)}${unknown(capitaliser.unknownItems)}`);
  console.log(
    `    first letter's case as the human's ${of(c.caseAgrees, n)} (${pct(c.caseAgrees, n)}); ` +
      `lower-case sources answered in lower case ${of(c.lowerAnswers, c.lowerSources)} (oracle ${of(oracle.figures.lowerAnswers, oracle.figures.lowerSources)})`,
  );
  const capitaliserMet = c.caseAgrees >= 0.97 * n;
  printRefusals(capitaliser.run);

  console.log(
    `  target oracle: no call refused and ≥ 99 % equal to the human translation: ${oracle.run.refused.length} refused, ${pct(oracle.figures.equalToHuman, n)}: ${verdict(oracleMet)}`,
  );
  console.log(`  target swapper: no silent swap: ${outcome.silent}: ${verdict(swapperMet)}`);
  console.log(
    `  target capitaliser: first letter's case as the human's ≥ 97 %: ${pct(c.caseAgrees, n)}: ${verdict(capitaliserMet)}`,
  );
  return oracleMet && swapperMet && capitaliserMet;
}

/** BENCH_ONLY=fidelity-po: the gettext catalogue figures alone (docs/quality.md#gettext-catalogues). */
export async function benchFidelityPo(): Promise<void> {
  if (!(await hasGettext())) {
    console.log("fidelity-po: NOT MEASURED (msgunfmt and msgfmt are not installed: apt-get install gettext)");
    process.exitCode = 1;
    return;
  }
  const glossa = await startGlossa();
  try {
    const met = await benchPoCatalogues(glossa, (await apertiumModes()) ?? []);
    console.log(`fidelity-po: every target met: ${met ? "yes" : "NO"}`);
    if (!met) process.exitCode = 1;
  } finally {
    await glossa.stop();
  }
}

export async function benchFidelity(): Promise<void> {
  const notMeasured = (why: string) => {
    console.log(`fidelity: NOT MEASURED (${why})`);
    process.exitCode = 1;
  };
  const modes = await apertiumModes();
  if (!modes)
    return notMeasured(
      "`apertium -l` failed: apertium is missing or broken; apt-get install apertium apertium-eng-spa",
    );
  if (!(await hasGettext())) return notMeasured("msgunfmt and msgfmt are not installed: apt-get install gettext");
  const pairs = pairsWithCatalogues(modes, CATALOGUE_NAMES).filter((pair) => !MODES || MODES.includes(pair.mode));
  if (pairs.length === 0)
    return notMeasured(
      `no installed Apertium pair from English (${modes.join(", ") || "none"}) has catalogues under /usr/share/locale/<lang>/LC_MESSAGES`,
    );
  const dir = await mkdtemp(join(tmpdir(), "glossa-fidelity-"));
  const glossa = await startGlossa();
  try {
    const met: string[] = [];
    const missed: string[] = [];
    const load = () => loadavg()[0]!.toFixed(1);
    console.log(`load average (1 min) at the start: ${load()}`);
    for (const pair of pairs) ((await benchPair(pair, glossa, dir)) ? met : missed).push(pair.mode);
    ((await benchPoCatalogues(glossa, modes)) ? met : missed).push("po");
    console.log(`load average (1 min) at the end: ${load()}`);
    console.log(
      `fidelity: ${pairs.length} pair(s); every target met: ${met.join(", ") || "none"}; targets missed: ${missed.join(", ") || "none"}`,
    );
  } finally {
    await glossa.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
