import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apertiumPipelines } from "../../src/engines/apertium/apertium-pipelines.js";
import { createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Issue 33 item 6: the server keeps Apertium warm, answers each call with its own strings, and stops it when it closes. */
describe.each(STORES)("the server's warm Apertium pipelines on %s", (store) => {
  let server: TestServer | undefined;
  let seed: SeededOrg;
  let secret: string;
  let engineId: string;

  beforeAll(async () => {
    server = await startTestServer(store);
    seed = await seedOrganization(server.url, { name: "Apertium pipelines" });
    const engine = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, { name: "Apertium", provider: "apertium" });
    expectStatus(engine, 201);
    engineId = engine.body.id;
    secret = (await createKey(seed.admin, seed.orgId, { name: "apertium" })).secret;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers concurrent calls each with the translation of its own strings", async () => {
    const numbers = [3, 14, 159, 2653, 58979, 323846, 2643383, 27950288];
    const calls = numbers.map((number) =>
      seed.admin.localize(secret, {
        engineId,
        sourceLocale: "en",
        targetLocale: "es",
        data: { cat: `The cat number ${number} is black`, houses: `I have ${number} red houses` },
      }),
    );
    const responses = await Promise.all(calls);
    responses.forEach((response, index) => {
      expectStatus(response, 200);
      const others = numbers.filter((_, other) => other !== index);
      for (const text of [response.body.data.cat, response.body.data.houses] as string[]) {
        expect(text).toContain(String(numbers[index]));
        for (const other of others) expect(text).not.toMatch(new RegExp(`\\b${other}\\b`));
      }
      expect(response.body.data.cat).toMatch(/gato/i);
      expect(response.body.data.houses).toMatch(/casas/i);
    });
  });

  it("closes its pipelines when it closes, leaving no process", async () => {
    const warm = await seed.admin.localize(secret, {
      engineId,
      sourceLocale: "en",
      targetLocale: "es",
      data: { a: "The dog is white" },
    });
    expectStatus(warm, 200);
    const pids = apertiumPipelines().pids();
    expect(pids.length).toBeGreaterThan(0);
    expect(pids.every(isRunning)).toBe(true);

    await server!.stop();
    server = undefined;
    expect(apertiumPipelines().size).toEqual({ idle: 0, busy: 0 });
    await vi.waitFor(() => expect(pids.filter(isRunning)).toEqual([]), { timeout: 5_000 });
  });
});
