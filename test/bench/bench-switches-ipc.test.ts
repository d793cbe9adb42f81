import { afterEach, describe, expect, it } from "vitest";
import { startProcess, type ServerProcess } from "../../bench/support.js";

const CHILD = "test/bench/fixtures/switchable-child.mjs";

/**
 * docs/performance.md, "Two modes in one process": the bench sets a server's switches over an IPC
 * channel, which carries JSON and drops a switch set to `undefined`. Each message sets the whole set
 * (a switch not named is off), and `switchTo` fails when the server reports other switches in force.
 */
describe("bench switches over IPC: each switchTo sets the whole set, checked against what the server has in force", () => {
  let child: ServerProcess | undefined;
  afterEach(async () => {
    await child?.stop();
    child = undefined;
  });
  const inForce = async () => (await (await fetch(`${child!.url}/switches`)).json()) as Record<string, unknown>;

  it("turns a switch off when the next mode leaves it out or sets it to undefined", async () => {
    child = await startProcess([CHILD], {}, { switchable: true });
    await child.switchTo({ bypassKeyAuthForOrganizationId: "org_bench", usageAnalytics: false });
    expect(await inForce()).toEqual({ bypassKeyAuthForOrganizationId: "org_bench", usageAnalytics: false });
    await child.switchTo({
      bypassKeyAuthForOrganizationId: undefined,
      usageAnalytics: undefined,
      qualityReport: false,
    });
    expect(await inForce()).toEqual({ qualityReport: false });
    await child.switchTo({});
    expect(await inForce()).toEqual({});
  });

  it("reads the server's busy time and report time without touching its switches: both grow by the work done", async () => {
    child = await startProcess([CHILD], {}, { switchable: true });
    await child.switchTo({ qualityReport: false });
    const before = await child.readings();
    await fetch(`${child.url}/spin?ms=200`);
    const after = await child.readings();
    expect(after.busyMs - before.busyMs).toBeGreaterThanOrEqual(200);
    expect(after.reportSeconds - before.reportSeconds).toBeCloseTo(0.2, 6);
    expect(await inForce()).toEqual({ qualityReport: false });
  });

  it("fails when the server keeps a switch on that the bench did not ask for", async () => {
    child = await startProcess([CHILD], { STUCK_SWITCHES: "1" }, { switchable: true });
    await expect(child.switchTo({ usageAnalytics: undefined })).rejects.toThrow(/has the switches .* in force/);
  });
});
