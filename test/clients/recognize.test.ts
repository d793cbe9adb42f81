import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeLanguage } from "../../src/core/locale/describe-locale.js";
import { createKey, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

describe("describeLanguage", () => {
  it("derives the script from likely subtags and the direction from the script", () => {
    expect(describeLanguage("en", "Hello")).toEqual({
      locale: "en",
      language: "en",
      region: null,
      script: "Latn",
      direction: "ltr",
    });
    expect(describeLanguage("ar", "مرحبا")).toMatchObject({ script: "Arab", direction: "rtl" });
    expect(describeLanguage("he", "שלום")).toMatchObject({ script: "Hebr", direction: "rtl" });
    expect(describeLanguage("ja", "こんにちは")).toMatchObject({ script: "Jpan", direction: "ltr" });
  });

  it("follows the text when a language is written in another of its scripts", () => {
    expect(describeLanguage("sr", "Добар дан")).toMatchObject({ script: "Cyrl" });
    expect(describeLanguage("sr", "Dobar dan")).toMatchObject({ script: "Latn" });
    expect(describeLanguage("ku", "سڵاو")).toMatchObject({ script: "Arab", direction: "rtl" });
  });
});

describe.each(STORES)("POST /process/recognize on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let key: string;
  const recognize = (body: unknown, headers: Record<string, string> = { "x-api-key": key }) =>
    seed.admin.post("/process/recognize", body, headers);

  beforeAll(async () => {
    server = await startTestServer(store);
    seed = await seedOrganization(server.url, { name: "Recognize Org" });
    key = (await createKey(seed.admin, seed.orgId, { name: "recognize" })).secret;
  });
  afterAll(async () => server?.stop());

  it("recognizes the language, script and direction of a text", async () => {
    const french = await recognize({ text: "Bonjour tout le monde, comment allez-vous ?" });
    expect(french.status).toBe(200);
    expect(french.body).toEqual({
      locale: "fr",
      language: "fr",
      region: null,
      script: "Latn",
      direction: "ltr",
      reliable: true,
    });
    const arabic = await recognize({ text: "مرحبا بالعالم، كيف حالك اليوم؟" });
    expect(arabic.body).toMatchObject({ locale: "ar", script: "Arab", direction: "rtl" });
    const digits = await recognize({ text: "12345" });
    expect(digits.body).toEqual({
      locale: null,
      language: null,
      region: null,
      script: null,
      direction: null,
      reliable: false,
    });
  });

  it("validates the text and authenticates the key", async () => {
    expect((await recognize({})).body).toMatchObject({
      status: 400,
      code: "invalid_request",
      errors: [{ path: "/text" }],
    });
    expect((await recognize({ text: "" })).body).toMatchObject({ code: "invalid_request" });
    expect((await recognize({ text: "x".repeat(100_001) })).body).toMatchObject({ code: "invalid_request" });
    expect((await recognize({ text: 42 })).status).toBe(400);
    expect((await recognize({ text: "Hallo" }, {})).body).toMatchObject({ status: 401, code: "missing_api_key" });
    // a service key that reaches no engine still authenticates, as for /whoami
    const service = await createKey(seed.admin, seed.orgId, { name: "no engines", kind: "service" });
    expect(
      (await recognize({ text: "Hallo Welt, wie geht es?" }, { authorization: `Bearer ${service.secret}` })).status,
    ).toBe(200);
  });

  it("recognizes a null sourceLocale from the strings of a localize request", async () => {
    const response = await seed.admin.localize(key, {
      sourceLocale: null,
      targetLocale: "en",
      data: { a: "Guten Morgen, wie geht es dir heute?" },
    });
    expect(response.status).toBe(200);
    expect(response.body.sourceLocale).toBe("de");
    const unrecognizable = await seed.admin.localize(key, {
      sourceLocale: null,
      targetLocale: "en",
      data: { a: "12345" },
    });
    expect(unrecognizable.body).toMatchObject({
      status: 400,
      code: "invalid_request",
      errors: [{ path: "/sourceLocale" }],
    });
  });
});
