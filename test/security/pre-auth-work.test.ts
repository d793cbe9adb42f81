import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_STRINGS_PER_REQUEST } from "../../src/http/plugins/json-body.js";
import { createKey, seedOrganization } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

/** Issue 13 item 8 and issue 14 item 10: no work for callers without a key, and a bound on strings per request. */
describe.each(STORES)("work before authentication on %s", (store) => {
  let server: TestServer;
  let secret: string;

  beforeAll(async () => {
    server = await startTestServer(store, { authFailLimit: 5 });
    const seed = await seedOrganization(server.url);
    secret = (await createKey(seed.admin, seed.orgId, { name: "big" })).secret;
    // The failure limiter counts in fixed one-minute windows: start well inside one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
  });
  afterAll(async () => server?.stop());

  const post = (url: string, payload: string, headers: Record<string, string> = {}, ip = "198.51.100.1") =>
    server.app.inject({
      method: "POST",
      url,
      payload,
      remoteAddress: ip,
      headers: { "content-type": "application/json", ...headers },
    });

  it.each(["/process/localize", "/process/recognize", "/i18n", "/mcp"])(
    "a malformed body without a key on %s → 401, not 400",
    async (url) => {
      const response = await post(url, "{not json", {}, `198.51.100.${10 + url.length}`);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: "missing_api_key" });
    },
  );

  it("a malformed key is refused before the body too", async () => {
    const response = await post("/process/localize", "{not json", { "x-api-key": "not-a-key" }, "198.51.100.90");
    expect(response.json()).toMatchObject({ code: "invalid_api_key" });
  });

  it("a 9 MiB body without a key → 401 at once", async () => {
    const big = JSON.stringify({ sourceLocale: "en", targetLocale: "fr", data: { a: "x".repeat(9 * 1024 * 1024) } });
    const response = await post("/process/localize", big, {}, "198.51.100.91");
    expect(response.statusCode).toBe(401);
  });

  /** Issue 25: answering at once was not enough; keeping the connection meant reading the rest. */
  it("a keyless request with a large body is answered and its connection closed before the body is sent", async () => {
    const { port } = new URL(server.url);
    const socket = connect(Number(port), "127.0.0.1");
    const answer = new Promise<string>((resolve, reject) => {
      let text = "";
      socket.on("data", (chunk) => (text += chunk.toString("latin1")));
      socket.on("close", () => resolve(text));
      socket.on("error", reject);
    });
    socket.write(
      "POST /process/localize HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
        `X-Forwarded-For: 198.51.100.92\r\nContent-Length: ${9 * 1024 * 1024}\r\n\r\n{"data":`,
    );
    // The rest of the 9 MiB is never sent: only a closed connection ends this wait.
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 401 /);
    expect(text.toLowerCase()).toContain("connection: close");
  });

  it("requests without a key count toward the failure limit (429 past it)", async () => {
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await post("/process/localize", "{}", {}, "198.51.100.2")).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it(`more than ${MAX_STRINGS_PER_REQUEST} strings in one body → 413; the limit itself passes`, async () => {
    const body = (strings: number) => {
      const data: Record<string, string> = {};
      for (let i = 0; i < strings; i++) data[`k${i}`] = "v";
      return JSON.stringify({ sourceLocale: "en", targetLocale: "fr", data });
    };
    // "en" and "fr" are strings too
    const over = await post("/process/localize", body(MAX_STRINGS_PER_REQUEST), { "x-api-key": secret });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: "payload_too_large" });
    const under = await post("/process/localize", body(MAX_STRINGS_PER_REQUEST - 10), { "x-api-key": secret });
    expect(under.statusCode).toBe(200);
  });

  /** Issue 40: a known key's body over the cap is refused while it is read, not after the whole of it arrives. */
  it("a known key's body over the strings cap → 413 while the client still has most of it to send", async () => {
    const { port } = new URL(server.url);
    const socket = connect(Number(port), "127.0.0.1");
    const answer = new Promise<string>((resolve) => {
      let text = "";
      socket.on("data", (chunk) => (text += chunk.toString("latin1")));
      socket.on("error", () => undefined);
      socket.on("close", () => resolve(text));
    });
    let start = '{"sourceLocale":"en","targetLocale":"fr","data":{';
    for (let i = 0; i <= MAX_STRINGS_PER_REQUEST + 10_000; i++) start += `"k${i}":"v",`;
    socket.write(
      "POST /process/localize HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
        `X-API-Key: ${secret}\r\nContent-Length: ${32 * 1024 * 1024}\r\n\r\n`,
    );
    // About 1.6 MiB of the 32 MiB announced: only an answer before the end of the body ends this wait.
    socket.write(start);
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text.toLowerCase()).toContain("connection: close");
    expect(text).toContain('"code":"payload_too_large"');
  });
});
