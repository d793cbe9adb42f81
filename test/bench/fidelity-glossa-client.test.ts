import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localizeInCalls } from "../../bench/fidelity/glossa-client.js";

// A stand-in for Glossa: the first call answers 200 with a partial answer (design of issue 33:
// failed strings keep their source and are listed in `untranslated`), the second is refused.
let server: Server;
let url: string;
const bodies: any[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      bodies.push({ ...body, apiKey: req.headers["x-api-key"] });
      if (bodies.length === 1) {
        const data = Object.fromEntries(Object.entries(body.data).map(([k, v]) => [k, `ES ${v as string}`]));
        data.s1 = body.data.s1;
        data.s2 = body.data.s2;
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            data,
            untranslated: [
              { path: ["s1"], code: "engine_failed", reason: "lost a placeholder" },
              { path: ["s2"], code: "unchanged", reason: "returned as it came" },
            ],
          }),
        );
      } else {
        res.writeHead(422, { "content-type": "application/problem+json" });
        res.end(JSON.stringify({ code: "engine_failed", detail: "every model failed" }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("localizeInCalls", () => {
  it("sends calls of 100 strings and counts refused calls, lost and unchanged strings", async () => {
    const sources = Array.from({ length: 150 }, (_, i) => `string ${i}`);
    const run = await localizeInCalls(url, "gk_test", "eng_1", "en", "es", sources);

    expect(bodies.map((body) => Object.keys(body.data).length)).toEqual([100, 50]);
    expect(bodies[0]).toMatchObject({ engineId: "eng_1", sourceLocale: "en", targetLocale: "es", apiKey: "gk_test" });
    expect(run.calls).toBe(2);
    expect(run.outputs.slice(0, 4)).toEqual(["ES string 0", "string 1", "string 2", "ES string 3"]);
    expect(run.lost.slice(0, 4)).toEqual([false, true, false, false]);
    expect(run.untranslated.map((u) => [u.index, u.code])).toEqual([
      [1, "engine_failed"],
      [2, "unchanged"],
    ]);
    expect(run.refused).toEqual([{ status: 422, detail: "every model failed", strings: 50 }]);
    expect(run.lost.filter(Boolean)).toHaveLength(51);
    expect(run.outputs[120]).toBe("string 120");
  });
});
