import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMemberUser, createKey, expectStatus, seedOrganization } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

/** Issue 13 item 13: a key whose owner was removed cannot initialize or list the MCP tools. */
describe.each(STORES)("MCP with a denied key on %s", (store) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(store);
  });
  afterAll(async () => server?.stop());

  const rpc = (secret: string, method: string, params: Record<string, unknown> = {}) =>
    fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: {
        "x-api-key": secret,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });

  it("refuses initialize and tools/list with 403 owner_removed; a tool call reports the denial", async () => {
    const seed = await seedOrganization(server.url);
    const member = await addMemberUser(seed, `mcp-${store}@example.test`, seed.roles.member);
    const { secret } = await createKey(member.client, seed.orgId, { name: "member mcp" });
    const initialize = {
      protocolVersion: "2025-03-26",
      capabilities: {},
      clientInfo: { name: "test", version: "1" },
    };
    expect((await rpc(secret, "tools/list")).status).toBe(200);

    expectStatus(await seed.admin.delete(`/api/orgs/${seed.orgId}/members/${member.userId}`), 204);

    for (const [method, params] of [
      ["initialize", initialize],
      ["tools/list", {}],
    ] as const) {
      const response = await rpc(secret, method, params);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: "owner_removed" });
    }
    const call = await rpc(secret, "tools/call", { name: "whoami", arguments: {} });
    expect(call.status).toBe(200);
    expect(JSON.stringify(await call.json())).toContain("owner_removed");
  });
});
