import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateApiKeySecret } from "../../src/core/keys/api-key-format.js";
import { MAX_STRINGS_PER_REQUEST } from "../../src/http/plugins/json-body.js";
import { openaiAnswer, promptItems, startStub, type StubServer } from "../engines/support/stub-server.js";
import { createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

const MIB = 1024 * 1024;
const STUB_KEY = "sk-stub-for-issue-40";

/**
 * Issue 40: what an adversarial review got through on the DeepL- and LibreTranslate-compatible
 * APIs — forged internal markers, form bodies past the strings-per-call cap, bodies read before
 * their key was known — and DeepL's status for an engine output Glossa refuses.
 */
describe.each(STORES)("the compatible APIs against an adversary on %s", (store) => {
  let server: TestServer;
  let stub: StubServer;
  let seed: SeededOrg;
  let key: string;

  beforeAll(async () => {
    server = await startTestServer(store, {
      authFailLimit: 1000,
      secretKey: "test-secret-key-for-issue-40",
      // Above the strings cap's size in every shape, so that the cap (not the byte limit) is what refuses.
      libreTranslateBodyLimitBytes: 16 * MIB,
    });
    // Every answer loses its placeholders: Glossa refuses the output (422 engine_failed on its own API).
    stub = await startStub((request) => ({
      body: openaiAnswer(promptItems(request.body.messages[1].content), (text) => text.replace(/\{\w+\}/g, "")),
    }));
    seed = await seedOrganization(server.url, { name: "Adversary" });
    key = (await createKey(seed.admin, seed.orgId, { name: "adversary" })).secret;
  });
  afterAll(async () => {
    await stub?.close();
    await server?.stop();
  });

  const deepl = (body: unknown, url = "/v2/translate") =>
    fetch(`${server.url}${url}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `DeepL-Auth-Key ${key}` },
      body: JSON.stringify(body),
    });
  const occurrences = (text: string, part: string) => text.split(part).length - 1;

  describe("1. internal markers cannot be forged", () => {
    it("the issue's reproduction: an ignored element comes back once, the caller's stand-ins as written", async () => {
      const forged = '<glossa-keep i="0"/>';
      const response = await deepl({
        text: `<x>SECRET</x> Hi ${forged}${forged}${forged}`,
        target_lang: "DE",
        tag_handling: "xml",
        ignore_tags: "x",
      });
      expect(response.status).toBe(200);
      const [translation] = (await response.json()).translations;
      expect(occurrences(translation.text, "<x>SECRET</x>")).toBe(1);
      expect(occurrences(translation.text, forged)).toBe(3);
    });

    it("with tag_handling=html, `<script>` plus two forged stand-ins comes back with one `<script>`", async () => {
      const response = await deepl({
        text: '<script>track()</script> Hi <glossa-keep i="0"/><glossa-keep i="0"/>',
        target_lang: "DE",
        tag_handling: "html",
      });
      expect(response.status).toBe(200);
      const [translation] = (await response.json()).translations;
      expect(occurrences(translation.text, "<script>")).toBe(1);
    });

    it("the answer stays bounded by the request: one large ignored element and thousands of stand-ins", async () => {
      const text = `<x>${"s".repeat(60_000)}</x> Hi ${'<glossa-keep i="0"/>'.repeat(2_950)}`;
      const response = await deepl({ text, target_lang: "DE", tag_handling: "xml", ignore_tags: "x" });
      expect(response.status).toBe(200);
      const answer = await response.text();
      expect(occurrences(answer, "s".repeat(60_000))).toBe(1);
      expect(answer.length).toBeLessThan(2 * text.length);
    });
  });

  describe("2. every body shape has the strings-per-call cap, counted before parsing", () => {
    const libre = (body: string | FormData, contentType?: string) =>
      fetch(`${server.url}/libretranslate/translate`, {
        method: "POST",
        ...(contentType ? { headers: { "content-type": contentType } } : {}),
        body,
      });
    const fields = (count: number) => Array.from({ length: count }, () => "q=a").join("&");

    it(`${MAX_STRINGS_PER_REQUEST + 50_000} \`q\` fields in a URL-encoded form → 413 in LibreTranslate's shape`, async () => {
      const response = await libre(
        `source=en&target=de&api_key=${key}&${fields(MAX_STRINGS_PER_REQUEST + 50_000)}`,
        "application/x-www-form-urlencoded",
      );
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ error: expect.stringContaining(`${MAX_STRINGS_PER_REQUEST}`) });
    });

    it(`${MAX_STRINGS_PER_REQUEST + 10_000} parts in a multipart form → 413, as the same strings in JSON`, async () => {
      const form = new FormData();
      form.append("source", "en");
      form.append("target", "de");
      form.append("api_key", key);
      for (let i = 0; i < MAX_STRINGS_PER_REQUEST + 10_000; i++) form.append("q", "a");
      const multipart = await libre(form);
      expect(multipart.status).toBe(413);
      expect(await multipart.json()).toEqual({ error: expect.any(String) });
      const q = Array.from({ length: MAX_STRINGS_PER_REQUEST + 10_000 }, () => "a");
      const json = await libre(JSON.stringify({ q, source: "en", target: "de", api_key: key }), "application/json");
      expect(json.status).toBe(413);
    });

    it("a form within the cap is still translated", async () => {
      const response = await libre(
        `source=en&target=de&api_key=${key}&q=Hello&q=Bye`,
        "application/x-www-form-urlencoded",
      );
      expect(response.status).toBe(200);
      expect((await response.json()).translatedText).toHaveLength(2);
    });
  });

  describe("3. a header key is checked before the body is read", () => {
    /** Sends the head of a request announcing `declared` bytes, and a few of them: only a closed connection ends the wait. */
    const announce = (path: string, headers: string, declared: number, ip: string) => {
      const { port } = new URL(server.url);
      const socket = connect(Number(port), "127.0.0.1");
      const answer = new Promise<string>((resolve, reject) => {
        let text = "";
        socket.on("data", (chunk) => (text += chunk.toString("latin1")));
        socket.on("close", () => resolve(text));
        socket.on("error", reject);
      });
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Forwarded-For: ${ip}\r\n` +
          `${headers}Content-Length: ${declared}\r\n\r\n{"q":"`,
      );
      return answer;
    };

    it.each([
      ["/process/localize", "X-API-Key", 401],
      ["/v2/translate", "Authorization: DeepL-Auth-Key", 403],
      ["/libretranslate/translate", "Authorization: Bearer", 403],
    ])(
      "%s with an unknown well-formed key (%s) and a 60 MiB body → %s before the body",
      async (path, header, status) => {
        const unknown = generateApiKeySecret();
        const line = header.includes(":") ? `${header} ${unknown}\r\n` : `${header}: ${unknown}\r\n`;
        const text = await announce(path, line, 60 * MIB, `198.51.100.${path.length}`);
        expect(text).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
        expect(text.toLowerCase()).toContain("connection: close");
      },
    );

    it("a known key still reaches the handler through the same check", async () => {
      const response = await fetch(`${server.url}/libretranslate/translate`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": key },
        body: JSON.stringify({ q: "Hello", source: "en", target: "de" }),
      });
      expect(response.status).toBe(200);
    });
  });

  describe("3. LibreTranslate's key comes in the body: its body limit fits that", () => {
    let small: TestServer;
    beforeAll(async () => {
      small = await startTestServer(store);
    });
    afterAll(async () => small?.stop());

    it("is 1 MiB by default (GLOSSA_LIBRETRANSLATE_BODY_LIMIT), and /process/localize keeps its own", () => {
      expect(small.deps.config.libreTranslateBodyLimitBytes).toBe(MIB);
      expect(small.deps.config.localizeBodyLimitBytes).toBe(64 * MIB);
    });

    it("a 20 MiB body is refused with 413 before it is read", async () => {
      const { port } = new URL(small.url);
      const socket = connect(Number(port), "127.0.0.1");
      const answer = new Promise<string>((resolve, reject) => {
        let text = "";
        socket.on("data", (chunk) => {
          text += chunk.toString("latin1");
          if (text.includes("\r\n\r\n")) socket.destroy();
        });
        socket.on("close", () => resolve(text));
        socket.on("error", reject);
      });
      // Only the head and a few bytes are sent: an answer proves the rest was never waited for.
      socket.write(
        "POST /libretranslate/translate HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n" +
          `Content-Length: ${20 * MIB}\r\n\r\nq=`,
      );
      expect(await answer).toMatch(/^HTTP\/1\.1 413 /);
    });
  });

  describe("4. DeepL's status for an engine output Glossa refuses", () => {
    it("422 engine_failed on Glossa's own API is 500 in DeepL's shape (not 503: retrying does not help)", async () => {
      const created = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
        name: "Loses placeholders",
        provider: "openai",
        config: { baseUrl: stub.url, timeoutMs: 5000, retry: { maxRetries: 0 }, models: [{ model: "leaky" }] },
        credentials: { apiKey: STUB_KEY },
      });
      expectStatus(created, 201);
      const engineId = created.body.id as string;
      const own = await seed.admin.localize(key, {
        engineId,
        sourceLocale: "en",
        targetLocale: "de",
        data: { a: "Hi {name}" },
      });
      expect(own.status).toBe(422);
      const response = await deepl({ text: "Hi {name}", target_lang: "DE" }, `/engines/${engineId}/v2/translate`);
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ message: expect.any(String), code: "engine_failed" });
    });
  });
});
