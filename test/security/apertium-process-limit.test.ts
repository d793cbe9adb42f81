import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { apertiumProcessLoad, MAX_APERTIUM_PROCESSES } from "../../src/engines/apertium/apertium-cli.js";
import { apertiumProvider } from "../../src/engines/apertium/apertium-provider.js";
import { providerContext } from "../engines/support/context.js";

/** The `apertium` pipelines this process has started and that still run (direct children named apertium). */
function runningApertiumScripts(): number {
  let count = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid …
      const match = /^\d+ \((.*)\) \S+ (\d+)/.exec(stat);
      if (match && Number(match[2]) === process.pid && match[1]!.includes("apertium")) count++;
    } catch {
      // the process ended while we looked
    }
  }
  return count;
}

/** Issue 13 item 13: one server never runs more than MAX_APERTIUM_PROCESSES Apertium pipelines at once. */
describe("the server-wide limit on Apertium processes", () => {
  it("many concurrent translations queue behind the limit, and all complete", async () => {
    const provider = apertiumProvider(providerContext({ timeoutMs: 60_000 }));
    await provider.defaultModels!("en", "es");
    let most = 0;
    const sampler = setInterval(() => {
      most = Math.max(most, runningApertiumScripts());
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
    expect(most).toBeLessThanOrEqual(MAX_APERTIUM_PROCESSES);
  });
});
