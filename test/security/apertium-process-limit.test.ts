import { readdirSync, readFileSync } from "node:fs";
import { afterAll, describe, expect, it, vi } from "vitest";
import { apertiumProcessLoad, MAX_APERTIUM_PROCESSES } from "../../src/engines/apertium/apertium-cli.js";
import { apertiumPipelines } from "../../src/engines/apertium/apertium-pipelines.js";
import { apertiumProvider } from "../../src/engines/apertium/apertium-provider.js";
import { providerContext } from "../engines/support/context.js";

/**
 * Apertium work this process runs now, as the operating system sees it (its direct children):
 * pipelines, counted by their first program (the analyser, `lt-proc … .automorf.bin`, one per
 * pipeline), and the per-request deformatter and reformatter runs.
 */
function apertiumChildren(): { pipelines: number; formatters: number } {
  let pipelines = 0;
  let formatters = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid …
      const match = /^\d+ \((.*)\) \S+ (\d+)/.exec(stat);
      if (!match || Number(match[2]) !== process.pid) continue;
      if (/^apertium-(des|re)html$/.test(match[1]!)) formatters++;
      else if (match[1] === "lt-proc" && readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(".automorf.bin"))
        pipelines++;
    } catch {
      // the process ended while we looked
    }
  }
  return { pipelines, formatters };
}

/**
 * Issue 13 item 13: one server never runs more than MAX_APERTIUM_PROCESSES Apertium requests at
 * once; since issue 33 they run on warm pipelines, never more than MAX_APERTIUM_PROCESSES either.
 */
describe("the server-wide limit on Apertium processes", () => {
  afterAll(() => apertiumPipelines().shutdown());

  it("many concurrent translations queue behind the limit, and all complete", async () => {
    const provider = apertiumProvider(providerContext({ timeoutMs: 60_000 }));
    await provider.defaultModels!("en", "es");
    const most = { pipelines: 0, formatters: 0 };
    const sampler = setInterval(() => {
      const now = apertiumChildren();
      most.pipelines = Math.max(most.pipelines, now.pipelines);
      most.formatters = Math.max(most.formatters, now.formatters);
    }, 5);
    try {
      const calls = Array.from({ length: MAX_APERTIUM_PROCESSES * 4 }, (_, index) =>
        provider.translate({
          sourceLocale: "en",
          targetLocale: "es",
          texts: [`The cat number ${index} is black`],
          hints: [undefined],
        }),
      );
      // The limiter runs MAX_APERTIUM_PROCESSES pipelines and queues the rest.
      await vi.waitFor(() => expect(apertiumProcessLoad().waiting).toBeGreaterThan(0), { timeout: 10_000 });
      expect(apertiumProcessLoad().running).toBe(MAX_APERTIUM_PROCESSES);
      const outputs = await Promise.all(calls);
      expect(outputs.every((output) => output.texts.length === 1)).toBe(true);
    } finally {
      clearInterval(sampler);
    }
    // And the processes the operating system saw, sampled, never exceeded it either.
    expect(most.pipelines).toBeGreaterThan(0);
    expect(most.pipelines).toBeLessThanOrEqual(MAX_APERTIUM_PROCESSES);
    expect(most.formatters).toBeLessThanOrEqual(MAX_APERTIUM_PROCESSES);
  });
});
