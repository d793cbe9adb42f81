import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMemberUser, createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";
import { packageVersion } from "../../src/config/package-version.js";
import { callTool, connectMcp, outcome } from "./mcp-client.js";

describe.each(STORES)("MCP server on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let ownerKey: string;
  let client: Client;

  beforeAll(async () => {
    server = await startTestServer(store);
    seed = await seedOrganization(server.url, { name: "Mcp Org" });
    ownerKey = (await createKey(seed.admin, seed.orgId, { name: "mcp" })).secret;
    client = await connectMcp(server.url, { "X-API-Key": ownerKey });
  });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });

  it("names itself glossa with the package's version", () => {
    expect(client.getServerVersion()).toMatchObject({ name: "glossa", version: packageVersion() });
  });

  it("lists the four tools with JSON input schemas", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["localize", "list_engines", "whoami", "recognize_locale"]);
    const localize = tools.find((tool) => tool.name === "localize")!;
    expect(localize.inputSchema).toMatchObject({ type: "object", required: ["sourceLocale", "targetLocale", "data"] });
    expect(tools.find((tool) => tool.name === "recognize_locale")!.inputSchema).toMatchObject({ required: ["text"] });
  });

  it("runs every tool and returns structured content with the same result as text", async () => {
    const whoami = await callTool(client, "whoami");
    expect(whoami.isError).toBeFalsy();
    expect(whoami.structuredContent).toMatchObject({
      organizationId: seed.orgId,
      kind: "personal",
      userId: seed.ownerId,
      engines: [{ id: seed.engineId, name: "Pseudo" }],
    });
    expect(JSON.parse((whoami.content[0] as { text: string }).text)).toEqual(whoami.structuredContent);

    const engines = await callTool(client, "list_engines");
    expect(engines.structuredContent).toEqual({
      engines: [{ id: seed.engineId, name: "Pseudo", provider: "pseudo", isDefault: expect.any(Boolean) }],
    });

    const recognized = await callTool(client, "recognize_locale", { text: "Guten Morgen, wie geht es dir heute?" });
    expect(recognized.structuredContent).toMatchObject({
      locale: "de",
      language: "de",
      script: "Latn",
      direction: "ltr",
    });

    const localized = await callTool(client, "localize", {
      engineId: seed.engineId,
      sourceLocale: "en_US",
      targetLocale: "DE",
      data: { greeting: "Hello", nested: { count: 2, items: ["Bye"] } },
    });
    expect(localized.isError).toBeFalsy();
    expect(localized.structuredContent).toMatchObject({
      sourceLocale: "en-US",
      targetLocale: "de",
      data: { nested: { count: 2 } },
    });
    const data = (localized.structuredContent as { data: { greeting: string; nested: { items: string[] } } }).data;
    expect(data.greeting).toMatch(/^\[Ĥéļļö/);
    expect(data.nested.items[0]).toMatch(/^\[Ɓýé/);
  });

  it("accepts the key as a Bearer token", async () => {
    const bearer = await connectMcp(server.url, { Authorization: `Bearer ${ownerKey}` });
    expect(outcome(await callTool(bearer, "whoami"))).toBe("ok");
    await bearer.close();
  });

  it("refuses a missing or invalid key with 401 problem+json before MCP, and GET/DELETE with 405", async () => {
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    };
    const post = (headers: Record<string, string>) =>
      fetch(`${server.url}/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
        body: JSON.stringify(initialize),
      });
    const missing = await post({});
    expect(missing.status).toBe(401);
    expect(missing.headers.get("content-type")).toContain("application/problem+json");
    expect(await missing.json()).toMatchObject({ code: "missing_api_key" });
    const invalid = await post({ "x-api-key": "gls_not-a-real-key" });
    expect(invalid.status).toBe(401);
    expect(await invalid.json()).toMatchObject({ code: "invalid_api_key" });

    for (const method of ["GET", "DELETE"]) {
      const response = await fetch(`${server.url}/mcp`, { method, headers: { "x-api-key": ownerKey } });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
    }
  });

  it("answers a plain JSON-RPC tools/call without a session, as curl would send it", async () => {
    const response = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: {
        "x-api-key": ownerKey,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"localize","arguments":{"sourceLocale":"en","targetLocale":"de","data":{"hello":"Hello","__proto__":{"constructor":"Bye"}}}}}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("mcp-session-id")).toBeNull();
    const body = await response.json();
    expect(body).toMatchObject({
      jsonrpc: "2.0",
      id: 7,
      result: { structuredContent: { targetLocale: "de", data: { hello: expect.stringMatching(/^\[Ĥéļļö/) } } },
    });
    // keys such as __proto__ stay ordinary keys through the MCP layer too (docs/api.md#localization)
    const data = body.result.structuredContent.data;
    expect(Object.hasOwn(data, "__proto__")).toBe(true);
    expect(Object.hasOwn(data.__proto__, "constructor")).toBe(true);
    expect(data.__proto__.constructor).toMatch(/^\[Ɓýé/);
  });

  it("reports engine_not_found, engine_access_denied and invalid_request as tool errors with the HTTP codes", async () => {
    const unknownEngine = await callTool(client, "localize", {
      engineId: "eng_doesnotexist",
      sourceLocale: "en",
      targetLocale: "de",
      data: { a: "Hi" },
    });
    expect(unknownEngine.isError).toBe(true);
    expect(unknownEngine.structuredContent).toMatchObject({
      code: "engine_not_found",
      status: 404,
      message: expect.stringContaining("eng_doesnotexist"),
    });

    const scopeless = await createKey(seed.admin, seed.orgId, { name: "no engines", kind: "service", engineIds: [] });
    const service = await connectMcp(server.url, { "X-API-Key": scopeless.secret });
    expect(outcome(await callTool(service, "whoami"))).toBe("ok");
    const denied = await callTool(service, "localize", {
      engineId: seed.engineId,
      sourceLocale: "en",
      targetLocale: "de",
      data: { a: "Hi" },
    });
    expect(denied.structuredContent).toMatchObject({ code: "engine_access_denied", status: 403 });
    await service.close();

    const badLocale = await callTool(client, "localize", {
      sourceLocale: "not a locale!",
      targetLocale: "de",
      data: {},
    });
    expect(badLocale.structuredContent).toMatchObject({ code: "invalid_request", status: 400 });
    const unknownLocale = await callTool(client, "localize", { sourceLocale: "english", targetLocale: "de", data: {} });
    expect(unknownLocale.structuredContent).toMatchObject({
      code: "invalid_request",
      status: 400,
      errors: [
        { path: "/sourceLocale", message: expect.stringContaining('"english" is not a language code CLDR knows') },
      ],
    });
    const missingData = await callTool(client, "localize", { sourceLocale: "en", targetLocale: "de" });
    expect(missingData.structuredContent).toMatchObject({ code: "invalid_request", errors: [{ path: "/data" }] });
    // The text the model reads names the field and the problem too (issue 26 item 3).
    const missingText = (missingData.content as { type: string; text: string }[])[0]!.text;
    expect(missingText).toContain("data:");
    expect(missingText).not.toMatch(/^The tool arguments are malformed\. \(/);
    const wrongType = await callTool(client, "localize", { sourceLocale: "en", targetLocale: 42, data: {} });
    expect((wrongType.content as { text: string }[])[0]!.text).toMatch(/targetLocale: .*string/);
    expect((denied.content as { text: string }[])[0]!.text, "the 403 says how to fix it").toContain(
      "give the key a role with engine:access, or add the engine to its scope",
    );
    const emptyText = await callTool(client, "recognize_locale", { text: "" });
    expect(emptyText.structuredContent).toMatchObject({ code: "invalid_request" });
  });

  it("refuses a key deleted between two tool calls of the same client", async () => {
    const key = await createKey(seed.admin, seed.orgId, { name: "short-lived" });
    const session = await connectMcp(server.url, { "X-API-Key": key.secret });
    expect(outcome(await callTool(session, "whoami"))).toBe("ok");
    expectStatus(await seed.admin.delete(`/api/orgs/${seed.orgId}/keys/${key.id}`), 204);
    await expect(callTool(session, "whoami")).rejects.toThrow(/401|invalid_api_key|deleted/i);
    await session.close().catch(() => undefined);
  });

  it("applies a demotion, then a member removal, to the member's next tool call (RBAC on)", async () => {
    const viewer = await seed.admin.post(`/api/orgs/${seed.orgId}/roles`, { name: "Viewer", permissions: [] });
    expectStatus(viewer, 201);
    const member = await addMemberUser(seed, "mcp-member@example.test", seed.roles.member);
    const key = await createKey(member.client, seed.orgId, { name: "member key" });
    const session = await connectMcp(server.url, { "X-API-Key": key.secret });
    const localizeArgs = { engineId: seed.engineId, sourceLocale: "en", targetLocale: "de", data: { a: "Hi" } };

    expect(outcome(await callTool(session, "localize", localizeArgs))).toBe("ok");
    expectStatus(
      await seed.admin.patch(`/api/orgs/${seed.orgId}/members/${member.userId}`, { roleId: viewer.body.id }),
      200,
    );
    expect(outcome(await callTool(session, "localize", localizeArgs))).toBe("engine_access_denied");
    expect((await callTool(session, "list_engines")).structuredContent).toEqual({ engines: [] });

    expectStatus(await seed.admin.delete(`/api/orgs/${seed.orgId}/members/${member.userId}`), 204);
    const removed = await callTool(session, "whoami");
    expect(removed.structuredContent).toMatchObject({ code: "owner_removed", status: 403 });
    await session.close();
  });

  it("applies a narrowed service key scope, then a plan downgrade, to the next tool call", async () => {
    const org = await seedOrganization(server.url, { name: "Mcp Scope Org" });
    const second = await org.admin.post(`/api/orgs/${org.orgId}/engines`, { name: "Second", provider: "pseudo" });
    expectStatus(second, 201);
    const key = await createKey(org.admin, org.orgId, {
      name: "scoped",
      kind: "service",
      engineIds: [org.engineId, second.body.id],
    });
    const session = await connectMcp(server.url, { "X-API-Key": key.secret });
    const localizeSecond = { engineId: second.body.id, sourceLocale: "en", targetLocale: "fr", data: { a: "Hi" } };

    expect(outcome(await callTool(session, "localize", localizeSecond))).toBe("ok");
    expectStatus(await org.admin.patch(`/api/orgs/${org.orgId}/keys/${key.id}`, { engineIds: [org.engineId] }), 200);
    expect(outcome(await callTool(session, "localize", localizeSecond))).toBe("engine_access_denied");

    expectStatus(await org.admin.put(`/api/admin/orgs/${org.orgId}/plan`, { plan: "pro", rbac: false }), 200);
    const downgraded = await callTool(session, "localize", { ...localizeSecond, engineId: org.engineId });
    expect(downgraded.structuredContent).toMatchObject({ code: "plan_entitlement_required", status: 403 });
    expect(outcome(await callTool(session, "whoami"))).toBe("plan_entitlement_required");
    await session.close();
  });
});
