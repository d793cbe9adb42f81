/**
 * `BENCH_ONLY=quality-report npm run bench` (docs/quality.md#measured): the quality checks on
 * Debian's catalogues, built at run time from the machine's own `.mo` files (never committed).
 *
 * (a) recall on faults put in on purpose into the human translations, read through
 *     `POST /process/check`, beside pofilter and `msgfmt -c` on the same pairs;
 * (b) false findings on the human translations themselves (es, fr, de), beside pofilter;
 * (c) time: the report of 3,000 strings in process, and what the report adds to the
 *     `pipeline/pseudo-engine` work (bench/pipeline-overhead.ts) when it runs after the pipeline
 *     (context: the report's limit is judged on the server, `quality-report-cpu/<store>` in the
 *     `hot` part; docs/quality.md#what-the-report-costs-a-call);
 * (d) the output check's hand-over: the reduced report equals the full one on every accepted
 *     answer that kept its tokens (bench/quality/hand-over.ts).
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { LOCALIZE_BODY, startBenchServer, storeEnvironment } from "../localize-auth-bench.js";
import { ROUNDS, reportRatio } from "../ratio-report.js";
import { median, ratiosPerRound, roundOrder } from "../rounds.js";
import { seed } from "../support.js";
import type * as EngineConfig from "../../src/core/engines/engine-config.js";
import type * as Pipeline from "../../src/engines/pipeline/translate-strings.js";
import type * as Registry from "../../src/engines/registry.js";
import type * as Report from "../../src/core/quality/report.js";
import { humanPairs, readCatalogues, type HumanPair } from "./catalogue-pairs.js";
import { FAULTS } from "./faults.js";
import { benchHandOver } from "./hand-over.js";
import { msgfmtFindings, pofilterFindings, type PoPair } from "./gettext-tools.js";

const run = promisify(execFile);
const LANGUAGES = ["es", "fr", "de"] as const;
const CALL_SIZE = 1000;
const RECALL_GOAL = 0.99;
const ERROR_GOAL = 0.005;
const ANY_GOAL = 0.05;
const TIME_STRINGS = 3000;
const TIME_GOAL_MS = 1000;
/** BENCH_QUALITY_MISSES=N prints up to N pairs of each fault type that Glossa did not report. */
const SHOW_MISSES = Number(process.env.BENCH_QUALITY_MISSES ?? 0);

const fromBuild = async <T>(path: string): Promise<T> =>
  (await import(new URL(`../../dist/${path}`, import.meta.url).href)) as T;

interface Finding {
  path: (string | number)[];
  check: string;
  severity: "error" | "warning";
}

/** Every pair through `POST /process/check` in calls of CALL_SIZE: the findings of each pair, in order. */
async function checkThroughServer(
  url: string,
  apiKey: string,
  targetLocale: string,
  pairs: readonly PoPair[],
): Promise<Finding[][]> {
  const found: Finding[][] = pairs.map(() => []);
  for (let first = 0; first < pairs.length; first += CALL_SIZE) {
    const slice = pairs.slice(first, first + CALL_SIZE);
    const data = Object.fromEntries(slice.map((pair, offset) => [`p${first + offset}`, pair.source]));
    const translations = Object.fromEntries(slice.map((pair, offset) => [`p${first + offset}`, pair.translation]));
    const response = await fetch(`${url}/process/check`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": apiKey },
      body: JSON.stringify({ sourceLocale: "en", targetLocale, data, translations }),
    });
    if (response.status !== 200) throw new Error(`/process/check → ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { checks: Finding[] };
    for (const finding of body.checks) found[Number(String(finding.path[0]).slice(1))]!.push(finding);
  }
  return found;
}

const percent = (part: number, whole: number) => (whole === 0 ? "n/a" : `${((100 * part) / whole).toFixed(1)} %`);
const verdict = (met: boolean) => (met ? "met" : "MISSED");

async function toolsPresent(): Promise<string | null> {
  for (const [tool, hint] of [
    ["msgunfmt", "apt-get install gettext"],
    ["pofilter", "apt-get install translate-toolkit"],
  ] as const) {
    try {
      await run(tool, ["--version"]);
    } catch {
      return `${tool} is not installed: ${hint}`;
    }
  }
  return null;
}

export async function benchQualityReport(): Promise<void> {
  const missing = await toolsPresent();
  if (missing) {
    console.log(`quality-report: NOT MEASURED (${missing})`);
    process.exitCode = 1;
    return;
  }
  const catalogues = new Map<string, HumanPair[]>();
  for (const language of LANGUAGES) {
    const pairs = humanPairs(await readCatalogues(language));
    if (pairs.length > 0) catalogues.set(language, pairs);
  }
  if (catalogues.size === 0) {
    console.log("quality-report: NOT MEASURED (no catalogues of coreutils, tar, grep, sed or bash for es, fr or de)");
    process.exitCode = 1;
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), "glossa-quality-"));
  const { env, cleanup } = await storeEnvironment("pglite");
  const server = await startBenchServer(env);
  try {
    const { secret } = await seed(server.url);
    const clean = new Map<string, Finding[][]>();
    console.log(
      "(b) false findings on the human translations (translated, not fuzzy, no plural forms, first of each source)",
    );
    for (const [language, pairs] of catalogues) {
      const poPairs = pairs.map((pair) => ({ source: pair.source, translation: pair.human }));
      const findings = await checkThroughServer(server.url, secret, language, poPairs);
      clean.set(language, findings);
      const errors = findings.filter((list) => list.some((f) => f.severity === "error")).length;
      const any = findings.filter((list) => list.length > 0).length;
      const pofilter = (await pofilterFindings(dir, language, poPairs)).filter((tests) => tests.length > 0).length;
      const msgfmt = (await msgfmtFindings(dir, language, poPairs)).filter(Boolean).length;
      const byCheck = new Map<string, number>();
      for (const list of findings)
        for (const check of new Set(list.map((f) => f.check))) byCheck.set(check, (byCheck.get(check) ?? 0) + 1);
      const counts = [...byCheck]
        .sort((a, b) => b[1] - a[1])
        .map(([check, n]) => `${check} ${n}`)
        .join(", ");
      console.log(
        `  ${language}: ${pairs.length} strings (${[...new Set(pairs.map((p) => p.catalogue))].join(", ")}); ` +
          `error ${errors} (${percent(errors, pairs.length)}, goal ≤ 0.5 %: ${verdict(errors <= ERROR_GOAL * pairs.length)}); ` +
          `warning or error ${any} (${percent(any, pairs.length)}, goal ≤ 5 %: ${verdict(any <= ANY_GOAL * pairs.length)}); ` +
          `pofilter ${pofilter} (${percent(pofilter, pairs.length)}); msgfmt -c ${msgfmt} (${percent(msgfmt, pairs.length)})`,
      );
      console.log(`      by check: ${counts || "none"}`);
    }

    console.log(
      "\n(a) recall on faults put in on purpose (pairs whose human translation had no finding of that check)",
    );
    console.log(`  ${"fault".padEnd(36)}${"n".padStart(6)}  ${"Glossa".padEnd(18)}${"pofilter".padEnd(12)}msgfmt -c`);
    for (const fault of FAULTS) {
      let n = 0;
      let caught = 0;
      let pofilterCaught = 0;
      let msgfmtCaught = 0;
      for (const [language, pairs] of catalogues) {
        const before = clean.get(language)!;
        const chosen: { clean: PoPair; faulty: PoPair }[] = [];
        pairs.forEach((pair, index) => {
          if (before[index]!.some((f) => f.check === fault.check)) return;
          const faulty = fault.apply(pair.source, pair.human);
          if (faulty) chosen.push({ clean: { source: faulty.source, translation: pair.human }, faulty });
        });
        if (chosen.length === 0) continue;
        n += chosen.length;
        const found = await checkThroughServer(
          server.url,
          secret,
          language,
          chosen.map((c) => c.faulty),
        );
        const missed = chosen.filter((_, i) => !found[i]!.some((f) => f.check === fault.check));
        caught += chosen.length - missed.length;
        for (const { faulty } of missed.slice(0, SHOW_MISSES))
          console.log(
            `    missed (${language}): ${JSON.stringify(faulty.source)} → ${JSON.stringify(faulty.translation)}`,
          );
        // The yardsticks: a test failing on the faulty pair that did not fail on the clean one.
        const pofilterClean = await pofilterFindings(
          dir,
          language,
          chosen.map((c) => c.clean),
        );
        const pofilterFaulty = await pofilterFindings(
          dir,
          language,
          chosen.map((c) => c.faulty),
        );
        pofilterCaught += pofilterFaulty.filter((tests, i) => tests.some((t) => !pofilterClean[i]!.includes(t))).length;
        const msgfmtClean = await msgfmtFindings(
          dir,
          language,
          chosen.map((c) => c.clean),
        );
        const msgfmtFaulty = await msgfmtFindings(
          dir,
          language,
          chosen.map((c) => c.faulty),
        );
        msgfmtCaught += msgfmtFaulty.filter((flagged, i) => flagged && !msgfmtClean[i]).length;
      }
      const glossa = `${percent(caught, n)} ${n === 0 ? "" : verdict(caught >= RECALL_GOAL * n)}`;
      console.log(
        `  ${fault.name.padEnd(36)}${String(n).padStart(6)}  ${glossa.padEnd(18)}${percent(pofilterCaught, n).padEnd(12)}${percent(msgfmtCaught, n)}`,
      );
    }
  } finally {
    await server.stop();
    await cleanup();
    await rm(dir, { recursive: true, force: true });
  }
  await benchTime([...catalogues.values()].flat());
  await benchHandOver(catalogues);
}

/** (c) The report's own time, in process from the build, and what it adds to the pipeline's work. */
async function benchTime(pairs: readonly HumanPair[]): Promise<void> {
  const { qualityReport } = await fromBuild<typeof Report>("core/quality/report.js");
  const sample = Array.from({ length: TIME_STRINGS }, (_, i) => pairs[i % pairs.length]!).map((pair, i) => ({
    path: [`s${i}`],
    source: pair.source,
    translation: pair.human,
  }));
  const times: number[] = [];
  qualityReport({ pairs: sample, sourceLocale: "en", targetLocale: "fr" }); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    qualityReport({ pairs: sample, sourceLocale: "en", targetLocale: "fr" });
    times.push(performance.now() - started);
  }
  const ms = median(times);
  const characters = sample.reduce((sum, pair) => sum + pair.source.length + pair.translation.length, 0);
  console.log(
    `\n(c) report of ${TIME_STRINGS} catalogue strings (${characters.toLocaleString("en")} characters, sources and translations): ` +
      `${ms.toFixed(0)} ms (median of ${ROUNDS}; ${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)}), goal ≤ ${TIME_GOAL_MS} ms: ${verdict(ms <= TIME_GOAL_MS)}`,
  );
  await benchPipelineWithReport(qualityReport);
}

const CALLS = 20_000;
const texts = Object.values(LOCALIZE_BODY.data);
const callTexts = (i: number) => texts.map((text) => `${text} ${i}`);

/**
 * bench/pipeline-overhead.ts's measure with the report after the pipeline, as the localize
 * service runs it: `ratio quality-report/pipeline` is what the report adds to the pipeline's own
 * work alone. Context, not a limit: its denominator leaves out everything else a call costs the
 * server (docs/quality.md#what-the-report-costs-a-call).
 */
async function benchPipelineWithReport(qualityReport: typeof Report.qualityReport): Promise<void> {
  const { resolveSettings } = await fromBuild<typeof EngineConfig>("core/engines/engine-config.js");
  const { translateStrings } = await fromBuild<typeof Pipeline>("engines/pipeline/translate-strings.js");
  const { providerFor, providerNamed } = await fromBuild<typeof Registry>("engines/registry.js");
  const engine = { id: "pseudo", provider: "pseudo", config: {} };
  const provider = providerFor(engine);
  const settings = resolveSettings(engine.config, providerNamed("pseudo"));
  const hints = texts.map(() => undefined);
  let next = 0;
  const pipeline = async () => {
    const sources = callTexts(next++);
    const output = await translateStrings({
      providerName: "pseudo",
      provider,
      settings,
      sourceLocale: "en",
      targetLocale: "fr",
      texts: sources,
      hints,
      memory: null,
    });
    return { sources, output };
  };
  const sides = {
    engine: async () => {
      await provider.translate({ sourceLocale: "en", targetLocale: "fr", texts: callTexts(next++), hints });
    },
    pipeline: async () => {
      await pipeline();
    },
    report: async () => {
      const { sources, output } = await pipeline();
      qualityReport({
        // As the localize service hands them over: each string whose answer kept every token (output check).
        pairs: sources.map((source, i) => ({
          path: [i],
          source,
          translation: output.texts[i]!,
          tokensKept: output.tokensKept[i],
        })),
        sourceLocale: "en",
        targetLocale: "fr",
      });
    },
  };
  const microseconds: Record<keyof typeof sides, number[]> = { engine: [], pipeline: [], report: [] };
  for (const side of Object.values(sides)) for (let i = 0; i < CALLS / 4; i++) await side(); // warm-up
  for (let round = 0; round < ROUNDS; round++)
    for (const name of roundOrder(["engine", "pipeline", "report"] as const, round)) {
      const started = performance.now();
      for (let i = 0; i < CALLS; i++) await sides[name]();
      microseconds[name].push(((performance.now() - started) * 1000) / CALLS);
    }
  console.log(
    `pseudo engine alone ${median(microseconds.engine).toFixed(1)} µs, pipeline ${median(microseconds.pipeline).toFixed(1)} µs, ` +
      `pipeline + report ${median(microseconds.report).toFixed(1)} µs a call (5 strings)`,
  );
  reportRatio("pipeline/pseudo-engine", ratiosPerRound(microseconds.pipeline, microseconds.engine));
  reportRatio("pipeline+report/pseudo-engine", ratiosPerRound(microseconds.report, microseconds.engine));
  reportRatio("quality-report/pipeline", ratiosPerRound(microseconds.report, microseconds.pipeline));
}
