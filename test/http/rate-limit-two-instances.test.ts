import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/api-client.js";
import { startChildServer, type ChildServer } from "../support/child-server.js";
import { createKey, seedOrganization } from "../support/seed.js";
import { createPostgresDatabase, HAS_POSTGRES } from "../support/stores.js";
import { ADMIN } from "../support/test-server.js";

const LIMIT = 200;
const DAY = 86_400;

/** Two server processes on one PostgreSQL database, as behind a load balancer (docs/usage-and-limits.md: ≤ 10 % over the limit). */
describe("docs/usage-and-limits.md rate limit across two instances", () => {
  let database: { url: string; drop(): Promise<void> } | undefined;
  const servers: ChildServer[] = [];

  beforeAll(async () => {
    if (!HAS_POSTGRES) return;
    database = await createPostgresDatabase();
    const env = {
      DATABASE_URL: database.url,
      GLOSSA_ADMIN_EMAIL: ADMIN.email,
      GLOSSA_ADMIN_PASSWORD: ADMIN.password,
      // usage is written only on shutdown during this test
      GLOSSA_USAGE_FLUSH_MS: "600000",
    };
    servers.push(await startChildServer(env));
    servers.push(await startChildServer(env));
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await database?.drop();
  });

  it.skipIf(!HAS_POSTGRES)(
    "admits within 10 % of the limit when calls alternate between the instances under load",
    async () => {
      const [a, b] = servers as [ChildServer, ChildServer];
      const seed = await seedOrganization(a.url, { name: "Two instances" });
      const key = await createKey(seed.admin, seed.orgId, {
        name: "shared",
        rateLimit: { requests: LIMIT, windowSeconds: DAY },
      });
      const call = (base: string) =>
        fetch(`${base}/whoami`, { method: "POST", headers: { "x-api-key": key.secret } }).then(async (response) => {
          await response.arrayBuffer();
          return { status: response.status, reset: response.headers.get("ratelimit") };
        });
      // One window must hold the whole run: wait out a window that ends within a minute.
      const probe = await call(a.url);
      const seconds = Number(/t=(\d+)/.exec(probe.reset ?? "")?.[1]);
      if (seconds < 60) await new Promise((resolve) => setTimeout(resolve, (seconds + 1) * 1000));

      let admitted = 0;
      let refused = 0;
      let sentToA = 1; // the probe
      let next = 0;
      const total = LIMIT * 2;
      const worker = async () => {
        while (next < total) {
          const index = next++;
          if (index % 2 === 0) sentToA++;
          const { status } = await call(index % 2 === 0 ? a.url : b.url);
          if (status === 200) admitted++;
          else if (status === 429) refused++;
        }
      };
      await Promise.all(Array.from({ length: 16 }, worker));
      const inWindow = admitted + (seconds < 60 ? 0 : 1); // the probe, when it was in this window
      console.log(`two instances: ${inWindow} admitted of ${total + 1} for a limit of ${LIMIT}`);
      expect(admitted + refused).toBe(total);
      expect(inWindow).toBeLessThanOrEqual(LIMIT * 1.1);
      expect(inWindow).toBeGreaterThanOrEqual(LIMIT * 0.9);

      // A graceful shutdown writes the usage counted in memory: A's calls are all in the report.
      expect(await a.stop("SIGTERM")).toBe(0);
      const onB = await new ApiClient(b.url).login(ADMIN.email, ADMIN.password);
      const usage = await onB.get(`/api/orgs/${seed.orgId}/usage?groupBy=key`);
      expect(usage.status).toBe(200);
      expect(usage.body.rows).toEqual([expect.objectContaining({ keyId: key.id, requests: sentToA })]);
    },
    120_000,
  );
});
