import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../src/server.js";
import { createKey, expectStatus, seedOrganization } from "../support/seed.js";
import { createPostgresDatabase, HAS_POSTGRES } from "../support/stores.js";
import { startTestServerOn } from "../support/test-server.js";
import { callTool, connectMcp, outcome } from "./mcp-client.js";

/** Two instances on one PostgreSQL database, as behind a load balancer without sticky sessions. */
describe("MCP across two instances", () => {
  let database: { url: string; drop(): Promise<void> } | undefined;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    if (!HAS_POSTGRES) return;
    database = await createPostgresDatabase();
    servers.push(await startTestServerOn(database.url));
    servers.push(await startTestServerOn(database.url));
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await database?.drop();
  });

  it.skipIf(!HAS_POSTGRES)(
    "serves one client alternating between instances, and a change made on one is in force on the other",
    async () => {
      const [a, b] = servers as [RunningServer, RunningServer];
      const seed = await seedOrganization(a.url, { name: "Two Instances" });
      const key = await createKey(seed.admin, seed.orgId, {
        name: "balanced",
        kind: "service",
        engineIds: [seed.engineId],
      });
      // initialize goes to A, its notification to B, then the calls alternate A, B, A …
      const requestLog: string[] = [];
      const client = await connectMcp([a.url, b.url], { "X-API-Key": key.secret }, requestLog);

      const localizeArgs = { sourceLocale: "en", targetLocale: "de", engineId: seed.engineId, data: { a: "Hello" } };
      for (let call = 0; call < 4; call++) expect(outcome(await callTool(client, "localize", localizeArgs))).toBe("ok");
      expect(new Set(requestLog.slice(-4))).toEqual(new Set([a.url, b.url]));

      // narrowed through instance A, refused by whichever instance takes the next calls
      expectStatus(await seed.admin.patch(`/api/orgs/${seed.orgId}/keys/${key.id}`, { engineIds: [] }), 200);
      expect(outcome(await callTool(client, "localize", localizeArgs))).toBe("engine_access_denied");
      expect(outcome(await callTool(client, "localize", localizeArgs))).toBe("engine_access_denied");

      expectStatus(await seed.admin.delete(`/api/orgs/${seed.orgId}/keys/${key.id}`), 204);
      await expect(callTool(client, "whoami")).rejects.toThrow();
      await expect(callTool(client, "whoami")).rejects.toThrow();
      await client.close().catch(() => undefined);
    },
  );
});
