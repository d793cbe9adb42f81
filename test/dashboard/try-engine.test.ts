import { existsSync, readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/api-client.js";
import { addMemberUser, expectStatus, seedOrganization } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

const body = { sourceLocale: "en_US", targetLocale: "DE", data: { title: "Hello", nested: { n: 3, list: ["World"] } } };

describe.each(STORES)("POST /api/orgs/:orgId/engines/:engineId/try on %s", (store) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(store);
  });
  afterAll(async () => server?.stop());

  it("localizes with the session of a member who reaches the engine", async () => {
    const seed = await seedOrganization(server.url);
    const response = await seed.admin.post(`/api/orgs/${seed.orgId}/engines/${seed.engineId}/try`, body);
    expectStatus(response, 200);
    expect(response.body.sourceLocale).toBe("en-US");
    expect(response.body.targetLocale).toBe("de");
    expect(response.body.data.title).toMatch(/^\[Ĥéļļö/);
    expect(response.body.data.nested.n).toBe(3);
    expect(response.body.data.nested.list[0]).toMatch(/Ŵöŕļð/);
  });

  it("with RBAC on, follows the member's current role and grants like a personal key", async () => {
    const seed = await seedOrganization(server.url, { plan: "enterprise", rbac: true });
    const noAccess = await seed.admin.post(`/api/orgs/${seed.orgId}/roles`, { name: "Viewer", permissions: [] });
    expectStatus(noAccess, 201);
    const { client, userId } = await addMemberUser(seed, `viewer-${store}@example.test`, noAccess.body.id);
    const path = `/api/orgs/${seed.orgId}/engines/${seed.engineId}/try`;

    const denied = await client.post(path, body);
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("engine_access_denied");
    expect(denied.headers.get("content-type")).toMatch(/application\/problem\+json/);

    expectStatus(await seed.admin.put(`/api/orgs/${seed.orgId}/members/${userId}/engines/${seed.engineId}`), 200);
    expectStatus(await client.post(path, body), 200);

    expectStatus(await seed.admin.delete(`/api/orgs/${seed.orgId}/members/${userId}/engines/${seed.engineId}`), 204);
    expect((await client.post(path, body)).body.code).toBe("engine_access_denied");

    expectStatus(
      await seed.admin.patch(`/api/orgs/${seed.orgId}/members/${userId}`, { roleId: seed.roles.member }),
      200,
    );
    expectStatus(await client.post(path, body), 200);
  });

  it("with RBAC off, any member reaches every engine whatever their role", async () => {
    const seed = await seedOrganization(server.url, { plan: "pro", rbac: false });
    const noAccess = await seed.admin.post(`/api/orgs/${seed.orgId}/roles`, { name: "Viewer", permissions: [] });
    const { client } = await addMemberUser(seed, `legacy-${store}@example.test`, noAccess.body.id);
    expectStatus(await client.post(`/api/orgs/${seed.orgId}/engines/${seed.engineId}/try`, body), 200);
  });

  it("refuses former members, outsiders, unknown engines, bad locales and anonymous callers", async () => {
    const seed = await seedOrganization(server.url);
    const other = await seedOrganization(server.url, { name: "Other" });
    const { client, userId } = await addMemberUser(seed, `leaver-${store}@example.test`, seed.roles.member);
    const path = `/api/orgs/${seed.orgId}/engines/${seed.engineId}/try`;
    expectStatus(await client.post(path, body), 200);

    const foreignEngine = await seed.admin.post(`/api/orgs/${seed.orgId}/engines/${other.engineId}/try`, body);
    expect(foreignEngine.status).toBe(404);
    expect(foreignEngine.body.code).toBe("engine_not_found");

    const badLocale = await seed.admin.post(path, { ...body, targetLocale: "not a locale!" });
    expect(badLocale.status).toBe(400);
    expect(badLocale.body.code).toBe("invalid_request");

    const missingData = await seed.admin.post(path, { sourceLocale: "en", targetLocale: "de" });
    expect(missingData.status).toBe(400);

    expectStatus(await seed.admin.delete(`/api/orgs/${seed.orgId}/members/${userId}`), 204);
    const formerMember = await client.post(path, body);
    expect(formerMember.status).toBe(404);
    expect(formerMember.body.code).toBe("organization_not_found");

    const anonymous = await new ApiClient(server.url).post(path, body);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe("unauthenticated");
  });

  it("refuses a cross-site browser request (CSRF)", async () => {
    const seed = await seedOrganization(server.url);
    const response = await seed.admin.request("POST", `/api/orgs/${seed.orgId}/engines/${seed.engineId}/try`, body, {
      origin: "https://evil.example",
    });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe("csrf_rejected");
  });

  it("lists the providers an engine can use", async () => {
    const seed = await seedOrganization(server.url);
    const response = await seed.admin.get("/api/providers");
    expectStatus(response, 200);
    const providers = response.body.providers as { name: string }[];
    expect(providers.map((provider) => provider.name)).toEqual(
      expect.arrayContaining(["pseudo", "apertium", "openai", "anthropic", "deepl"]),
    );
    // Offline machine translation is the default wherever Apertium has a pair installed.
    const apertiumInstalled = existsSync("/usr/bin/apertium") && readdirSync("/usr/share/apertium/modes").length > 0;
    expect(response.body.defaultProvider).toBe(apertiumInstalled ? "apertium" : "pseudo");
    expect(providers[0]?.name).toBe(response.body.defaultProvider);
    // This server has no GLOSSA_SECRET_KEY: the engine form says so before anyone types a key.
    expect(response.body.credentialsStorable).toBe(false);
    // What the engine form needs: the config schema, the credential inputs, an example, the pairs.
    expect(providers.find((provider) => provider.name === "deepl")).toMatchObject({
      configSchema: { type: "object", additionalProperties: false, properties: { formality: {}, models: {} } },
      credentials: [{ name: "authKey", label: "Auth key", required: true }],
      exampleConfig: { formality: "default" },
      supportedPairs: { kind: "languages", sourceLanguages: expect.arrayContaining(["de"]) },
    });
    expect(providers.find((provider) => provider.name === "pseudo")).toMatchObject({
      credentials: [],
      supportedPairs: { kind: "any" },
    });
    expect((await new ApiClient(server.url).get("/api/providers")).status).toBe(401);
  });
});
