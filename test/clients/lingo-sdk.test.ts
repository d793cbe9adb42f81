import { ReplexicaEngine } from "lingo.dev/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";
import { LingoDotDevEngineReplica } from "./lingo-current-sdk-replica.js";

/** The pseudo engine's rendering of a string starts like this. */
const pseudo = (text: string) => expect.stringMatching(new RegExp(`^\\[${text}`));

describe.each(STORES)("Lingo.dev SDK compatibility on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let key: { id: string; secret: string };

  beforeAll(async () => {
    server = await startTestServer(store);
    seed = await seedOrganization(server.url, { name: "Lingo Org" });
    key = await createKey(seed.admin, seed.orgId, { name: "lingo sdk" });
  });
  afterAll(async () => server?.stop());

  const content = {
    title: "Hello",
    body: "Goodbye",
    menu: { open: "Open", close: "Close" },
    count: 3,
    list: ["Yes", "No"],
  };

  describe("the published SDK (lingo.dev 0.70.3, ReplexicaEngine: /i18n, /recognize, Bearer)", () => {
    it("localizes objects in several chunks, and texts", async () => {
      const engine = new ReplexicaEngine({ apiKey: key.secret, apiUrl: server.url, batchSize: 2 });
      const localized = await engine.localizeObject(content, { sourceLocale: "en", targetLocale: "de" });
      expect(localized).toEqual({
        title: pseudo("Ĥéļļö"),
        body: pseudo("Ĝööðƀýé"),
        menu: { open: pseudo("Öþéñ"), close: pseudo("Çļöšé") },
        count: 3,
        list: [pseudo("Ýéš"), pseudo("Ñö")],
      });
      expect(await engine.localizeText("Hello", { sourceLocale: "en", targetLocale: "fr" })).toEqual(pseudo("Ĥéļļö"));
    });

    it("recognizes a locale", async () => {
      const engine = new ReplexicaEngine({ apiKey: key.secret, apiUrl: server.url });
      expect(await engine.recognizeLocale("Hola, ¿cómo estás? Espero que todo vaya bien.")).toBe("es");
    });

    it("surfaces the server's message when the key was deleted", async () => {
      const doomed = await createKey(seed.admin, seed.orgId, { name: "doomed" });
      const engine = new ReplexicaEngine({ apiKey: doomed.secret, apiUrl: server.url });
      expect(await engine.localizeText("Hi", { sourceLocale: "en", targetLocale: "de" })).toEqual(pseudo("Ĥí"));
      expectStatus(await seed.admin.delete(`/api/orgs/${seed.orgId}/keys/${doomed.id}`), 204);
      await expect(engine.localizeText("Hi", { sourceLocale: "en", targetLocale: "de" })).rejects.toThrow(
        "The API key is invalid or has been deleted.",
      );
    });

    it("answers POST /whoami (older SDKs, and the current one's tracking) with the id and email they read", async () => {
      const response = await fetch(`${server.url}/whoami`, {
        method: "POST",
        headers: { Authorization: `Bearer ${key.secret}` },
      });
      expect(await response.json()).toMatchObject({
        email: "admin@example.test",
        id: seed.ownerId,
        userId: seed.ownerId,
        keyId: key.id,
      });
      // the current SDK's usage tracking: X-API-Key, a JSON content type, and no body at all
      const tracking = await fetch(`${server.url}/whoami`, {
        method: "POST",
        headers: { "X-API-Key": key.secret, "Content-Type": "application/json" },
      });
      expect(await tracking.json()).toMatchObject({ id: seed.ownerId, organizationId: seed.orgId });
    });
  });

  describe("the current SDK's wire format (LingoDotDevEngine: /process/*, X-API-Key, GET /users/me)", () => {
    it("localizes objects in chunks with its extra body fields, texts, and a null source locale", async () => {
      const engine = new LingoDotDevEngineReplica({
        apiKey: key.secret,
        apiUrl: server.url,
        batchSize: 2,
        engineId: seed.engineId,
      });
      const localized = await engine.localizeObject(content, {
        sourceLocale: "en",
        targetLocale: "de",
        fast: true,
        reference: { fr: { title: "Bonjour" } },
        hints: { title: ["page title"] },
      });
      expect(localized).toMatchObject({ title: pseudo("Ĥéļļö"), menu: { open: pseudo("Öþéñ") }, count: 3 });
      expect(engine.requests.filter((request) => request.path === "/process/localize")).toHaveLength(3);
      expect(engine.requests[0]!.body).toMatchObject({
        params: { fast: true },
        sessionId: expect.any(String),
        engineId: seed.engineId,
      });

      expect(
        await engine.localizeText("Guten Morgen, wie geht es dir heute?", { sourceLocale: null, targetLocale: "en" }),
      ).toEqual(pseudo("Ĝúţéñ"));
    });

    it("recognizes a locale and reads whoami", async () => {
      const engine = new LingoDotDevEngineReplica({ apiKey: key.secret, apiUrl: server.url });
      expect(await engine.recognizeLocale("Bonjour tout le monde, comment allez-vous ?")).toBe("fr");
      expect(await engine.whoami()).toEqual({ email: "admin@example.test", id: seed.ownerId });
      const service = await createKey(seed.admin, seed.orgId, { name: "service", kind: "service" });
      // the CLI reads a missing email as "not signed in": a service key answers with its id and a label
      expect(await new LingoDotDevEngineReplica({ apiKey: service.secret, apiUrl: server.url }).whoami()).toEqual({
        email: "service (service key, Lingo Org)",
        id: service.id,
      });
      const whoamiOfService = await fetch(`${server.url}/whoami`, {
        method: "POST",
        headers: { "X-API-Key": service.secret },
      });
      expect(await whoamiOfService.json()).toMatchObject({ email: null, userId: null, keyId: service.id });
      expect(await new LingoDotDevEngineReplica({ apiKey: "gls_wrong", apiUrl: server.url }).whoami()).toBeNull();
    });

    it("surfaces the server's message for a deleted key, a denied engine and a malformed request", async () => {
      const doomed = await createKey(seed.admin, seed.orgId, { name: "doomed too" });
      expectStatus(await seed.admin.delete(`/api/orgs/${seed.orgId}/keys/${doomed.id}`), 204);
      const deleted = new LingoDotDevEngineReplica({ apiKey: doomed.secret, apiUrl: server.url });
      await expect(deleted.localizeText("Hi", { sourceLocale: "en", targetLocale: "de" })).rejects.toThrow(
        /^The API key is invalid or has been deleted\.$/,
      );
      await expect(deleted.recognizeLocale("Hallo Welt")).rejects.toThrow(
        "Error recognizing locale: The API key is invalid or has been deleted.",
      );

      const scopeless = await createKey(seed.admin, seed.orgId, { name: "no engines", kind: "service" });
      const denied = new LingoDotDevEngineReplica({
        apiKey: scopeless.secret,
        apiUrl: server.url,
        engineId: seed.engineId,
      });
      await expect(denied.localizeText("Hi", { sourceLocale: "en", targetLocale: "de" })).rejects.toThrow(
        `This key may not use engine ${seed.engineId}.`,
      );

      const engine = new LingoDotDevEngineReplica({ apiKey: key.secret, apiUrl: server.url });
      await expect(engine.localizeText("Hi", { sourceLocale: "not a locale!", targetLocale: "de" })).rejects.toThrow(
        "Invalid request: sourceLocale is not a valid BCP-47 locale.",
      );
    });
  });
});
