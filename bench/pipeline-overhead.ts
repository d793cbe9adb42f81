/**
 * The pipeline's own work per call, in process, without HTTP or storage: `translateStrings` (dedupe,
 * chunking, the placeholder check, printf order, post-edits) over the hot part's five strings with
 * the pseudo engine, beside the pseudo engine alone on the same strings (the yardstick), in
 * BENCH_ROUNDS alternating rounds. Every call's strings are new (numbered), so no cache carries a
 * string from one call to the next, as in real traffic. Prints `ratio pipeline/pseudo-engine`
 * (ceiling 6: the post-edits, splitting each string five times, had made it 6.5; docs/performance.md).
 */
import { LOCALIZE_BODY } from "./localize-auth-bench.js";
import { ROUNDS, reportRatio } from "./ratio-report.js";
import { ceiling, median, ratiosPerRound, roundOrder } from "./rounds.js";
import type * as EngineConfig from "../src/core/engines/engine-config.js";
import type * as Pipeline from "../src/engines/pipeline/translate-strings.js";
import type * as Registry from "../src/engines/registry.js";

// The build (`dist/`, as `npm start` runs it), not the TypeScript loader, whose helpers would be measured too.
const fromBuild = async <T>(path: string): Promise<T> =>
  (await import(new URL(`../dist/${path}`, import.meta.url).href)) as T;

const CALLS = 20_000;
const texts = Object.values(LOCALIZE_BODY.data);
/** The five strings of call `i`, each made new by its number. */
const callTexts = (i: number) => texts.map((text) => `${text} ${i}`);

export async function benchPipelineOverhead(): Promise<void> {
  const { resolveSettings } = await fromBuild<typeof EngineConfig>("core/engines/engine-config.js");
  const { translateStrings } = await fromBuild<typeof Pipeline>("engines/pipeline/translate-strings.js");
  const { providerFor, providerNamed } = await fromBuild<typeof Registry>("engines/registry.js");
  const engine = { id: "pseudo", provider: "pseudo", config: {} };
  const provider = providerFor(engine);
  const settings = resolveSettings(engine.config, providerNamed("pseudo"));
  const hints = texts.map(() => undefined);
  let next = 0;
  const sides = {
    engine: async () => {
      await provider.translate({ sourceLocale: "en", targetLocale: "fr", texts: callTexts(next++), hints });
    },
    pipeline: async () => {
      await translateStrings({
        providerName: "pseudo",
        provider,
        settings,
        sourceLocale: "en",
        targetLocale: "fr",
        texts: callTexts(next++),
        hints,
        memory: null,
      });
    },
  };
  const microseconds: Record<keyof typeof sides, number[]> = { engine: [], pipeline: [] };
  for (const side of Object.values(sides)) for (let i = 0; i < CALLS / 4; i++) await side(); // warm-up
  for (let round = 0; round < ROUNDS; round++)
    for (const name of roundOrder(["engine", "pipeline"] as const, round)) {
      const started = performance.now();
      for (let i = 0; i < CALLS; i++) await sides[name]();
      microseconds[name].push(((performance.now() - started) * 1000) / CALLS);
    }
  console.log(`pseudo engine alone, 5 strings: ${median(microseconds.engine).toFixed(1)} µs a call`);
  console.log(`translateStrings (pipeline), 5 strings: ${median(microseconds.pipeline).toFixed(1)} µs a call`);
  reportRatio("pipeline/pseudo-engine", ratiosPerRound(microseconds.pipeline, microseconds.engine), ceiling(6));
}
