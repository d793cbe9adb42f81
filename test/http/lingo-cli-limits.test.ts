import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, seedOrganization } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

/** What the Lingo.dev CLI sends that used to fail: long hints, whole files as `reference`. */
describe.each(STORES)("the Lingo.dev CLI's requests on %s", (store) => {
  let server: TestServer;
  let key: string;

  beforeAll(async () => {
    // The default limits: 10 MiB for every route, 64 MiB for the localize routes.
    server = await startTestServer(store);
    const seed = await seedOrganization(server.url);
    key = (await createKey(seed.admin, seed.orgId, { name: "cli" })).secret;
  });
  afterAll(async () => server?.stop());

  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  it("accepts any number and length of hints (a 1,290-character source comment)", async () => {
    const comment = "x".repeat(1290);
    const response = await post("/process/localize", {
      sourceLocale: "en",
      targetLocale: "de",
      data: { title: "Hello" },
      hints: { title: [comment, ...Array.from({ length: 200 }, () => "more")] },
    });
    expect(response.status).toBe(200);
    expect((await response.json()).data.title).toMatch(/^\[Ĥéļļö/);
  });

  it("puts the first cause of a malformed request into message and keeps errors[]", async () => {
    const response = await post("/process/localize", {
      sourceLocale: "en",
      targetLocale: "de",
      data: { title: "Hello" },
      hints: { title: [1] },
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.message).toBe("hints/title/0: must be string");
    expect(body.errors).toEqual([{ path: "/hints/title/0", message: "must be string" }]);
    const two = await (await post("/process/localize", { data: {} })).json();
    expect(two.message).toMatch(
      /^sourceLocale: must have required property 'sourceLocale' \(and 1 more in errors\[\]\)$/,
    );
    expect(two.errors).toHaveLength(2);
  });

  it("takes a request over 10 MiB on the localize routes (whole files as reference), not elsewhere", async () => {
    const file: Record<string, string> = {};
    for (let index = 0; index < 120_000; index++)
      file[`screen/section/key${index}`] = `A source string number ${index}`;
    const body = JSON.stringify({
      sourceLocale: "en",
      targetLocale: "de",
      data: { "screen/section/key7": "A changed string" },
      reference: { en: file, de: file },
    });
    expect(body.length).toBeGreaterThan(10 * 1024 * 1024);
    const localized = await post("/process/localize", body);
    expect(localized.status).toBe(200);
    expect((await localized.json()).data["screen/section/key7"]).toMatch(/^\[/);
    const i18n = await post("/i18n", {
      locale: { source: "en", target: "de" },
      data: { a: "Hi" },
      reference: { en: file, de: file },
    });
    expect(i18n.status).toBe(200);
    const elsewhere = await post("/process/recognize", JSON.stringify({ text: "Hello", padding: body }));
    expect(elsewhere.status).toBe(413);
  });
});
