import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as Records from "../../src/services/management/records.js";
import { addMemberUser, createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

/**
 * The second lock behind "secrets are never returned": each route serializes with its response
 * schema, so a field the contract does not declare never leaves the server, even when a service
 * mistakenly puts one on a record. Here every record gains such a field.
 */
vi.mock("../../src/services/management/records.js", async (importOriginal) => {
  const records = await importOriginal<typeof Records>();
  return {
    ...records,
    keyRecord: (...args: Parameters<typeof records.keyRecord>) => ({
      ...records.keyRecord(...args),
      secretHash: "leaked-secret-hash",
    }),
    engineRecord: (...args: Parameters<typeof records.engineRecord>) => ({
      ...records.engineRecord(...args),
      credentials: args[0].credentials ?? "leaked-credentials",
    }),
    userRecord: (row: Parameters<typeof records.userRecord>[0]) => ({
      ...records.userRecord(row),
      passwordHash: "leaked-password-hash",
    }),
    memberRecord: (row: Parameters<typeof records.memberRecord>[0]) => ({
      ...records.memberRecord(row),
      permissions: row.permissions,
    }),
  };
});

const UNDECLARED = ["secretHash", "credentials", "passwordHash", "permissions"];

function undeclaredFieldsIn(body: unknown): string[] {
  const found = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (UNDECLARED.includes(key)) found.add(key);
      visit(value);
    }
  };
  visit(body);
  return [...found];
}

describe.each(STORES)("responses carry only the contract's fields on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let memberId: string;

  beforeAll(async () => {
    server = await startTestServer(store, { secretKey: "test-secret-key-for-response-fields" });
    seed = await seedOrganization(server.url);
    memberId = (await addMemberUser(seed, "fields-member@example.test", seed.roles.member)).userId;
  });
  afterAll(async () => server?.stop());

  it.each([
    ["a created key", () => seed.admin.post(`/api/orgs/${seed.orgId}/keys`, { name: "created" })],
    ["the key list", () => seed.admin.get(`/api/orgs/${seed.orgId}/keys?kind=personal`)],
    [
      "an engine with stored credentials",
      () =>
        seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
          name: "With credentials",
          provider: "openai",
          config: { models: [{ model: "gpt-4o-mini" }] },
          credentials: { apiKey: "sk-test-response-fields" },
        }),
    ],
    ["the engine list", () => seed.admin.get(`/api/orgs/${seed.orgId}/engines`)],
    ["the user list", () => seed.admin.get("/api/admin/users")],
    ["a member", () => seed.admin.patch(`/api/orgs/${seed.orgId}/members/${memberId}`, { roleId: seed.roles.member })],
    ["the member list", () => seed.admin.get(`/api/orgs/${seed.orgId}/members`)],
  ])("%s: undeclared fields are not sent", async (_name, call) => {
    const response = await call();
    expect(response.status).toBeLessThan(300);
    expect(undeclaredFieldsIn(response.body)).toEqual([]);
  });

  it("a renamed key keeps every declared field", async () => {
    const { id } = await createKey(seed.admin, seed.orgId, { name: "to rename" });
    const renamed = await seed.admin.patch(`/api/orgs/${seed.orgId}/keys/${id}`, { name: "renamed" });
    expectStatus(renamed, 200);
    expect(Object.keys(renamed.body).sort()).toEqual(
      [
        "createdAt",
        "createdBy",
        "engineIds",
        "expiresAt",
        "id",
        "kind",
        "lastUsedAt",
        "name",
        "organizationId",
        "ownerEmail",
        "ownerId",
        "roleId",
        "rolledFrom",
        "rolledTo",
        "start",
        "state",
      ].sort(),
    );
  });

  it("open fields pass through whole: an engine's config keeps its keys", async () => {
    const config = { models: [{ model: "gpt-4o-mini" }], baseUrl: "http://127.0.0.1:9/v1", temperature: 0.2 };
    const created = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name: "Config kept",
      provider: "openai",
      config,
    });
    expectStatus(created, 201);
    expect((await seed.admin.get(`/api/orgs/${seed.orgId}/engines/${created.body.id}`)).body.config).toEqual(config);
  });
});
