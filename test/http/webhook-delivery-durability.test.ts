import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../src/server.js";
import { startChildServer, type ChildServer } from "../support/child-server.js";
import { createKey, expectStatus, seedOrganization } from "../support/seed.js";
import { createPostgresDatabase, HAS_POSTGRES, STORES, type StoreName } from "../support/stores.js";
import { ADMIN, startTestServerOn } from "../support/test-server.js";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.js";

/** docs/webhooks.md: the event is stored with the change; a process killed before delivering it loses nothing. */
describe.each(STORES)("webhook delivery survives kill -9 on %s", (store: StoreName) => {
  let receiver: WebhookReceiver;
  let child: ChildServer | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let storeEnv: Record<string, string>;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    if (store === "postgres") {
      const database = await createPostgresDatabase();
      dropDatabase = database.drop;
      storeEnv = { DATABASE_URL: database.url };
    } else {
      storeEnv = { GLOSSA_DATA_DIR: mkdtempSync(join(tmpdir(), "glossa-webhook-kill-")), DATABASE_URL: "" };
    }
  });
  afterAll(async () => {
    await child?.stop("SIGKILL");
    await receiver?.close();
    await dropDatabase?.();
  });

  it("delivers key.deleted after a restart when the server died with the delivery still pending", async () => {
    const env = {
      ...storeEnv,
      GLOSSA_ADMIN_EMAIL: ADMIN.email,
      GLOSSA_ADMIN_PASSWORD: ADMIN.password,
      GLOSSA_WEBHOOK_ALLOW_PRIVATE: "true",
    };
    // The commit wakes this instance's worker at once; its one attempt is refused, so the delivery
    // is still pending (next attempt in 5 s) when the process dies.
    receiver.statusFor = (index) => (index === 0 ? 503 : 200);
    child = await startChildServer({ ...env, GLOSSA_WEBHOOK_POLL_MS: "600000" });
    const seed = await seedOrganization(child.url);
    const hook = await seed.admin.post(`/api/orgs/${seed.orgId}/webhooks`, {
      url: receiver.url,
      events: ["key.deleted"],
    });
    expectStatus(hook, 201);
    receiver.secret = hook.body.secret;
    const key = await createKey(seed.admin, seed.orgId, { name: "doomed" });
    expectStatus(await seed.admin.delete(`/api/orgs/${seed.orgId}/keys/${key.id}`), 204);
    const log = `/api/orgs/${seed.orgId}/webhooks/${hook.body.webhook.id}/deliveries`;
    await expect
      .poll(async () => (await seed.admin.get(log)).body.deliveries[0], { timeout: 10_000 })
      .toMatchObject({ status: "pending", attempts: 1, response: { status: 503 } });
    await child.stop("SIGKILL");
    expect(receiver.received).toHaveLength(1);

    child = await startChildServer({ ...env, GLOSSA_WEBHOOK_POLL_MS: "50" });
    const [refused, delivered] = await receiver.waitFor((all) => all.length >= 2, 30_000);
    expect(delivered!.body).toMatchObject({ type: "key.deleted", data: { keyId: key.id } });
    expect(delivered!.id).toBe(refused!.id);
    expect(delivered!.verified).toBe(true);
  }, 120_000);
});

describe.runIf(HAS_POSTGRES)("two instances on one PostgreSQL deliver each event once per endpoint", () => {
  let a: RunningServer;
  let b: RunningServer;
  let receivers: WebhookReceiver[];
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    dropDatabase = database.drop;
    a = await startTestServerOn(database.url, { webhookAllowPrivate: true, webhookPollMs: 10 });
    b = await startTestServerOn(database.url, { webhookAllowPrivate: true, webhookPollMs: 10 });
    receivers = [await startWebhookReceiver(), await startWebhookReceiver()];
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    for (const receiver of receivers ?? []) await receiver.close();
    await dropDatabase?.();
  });

  it("sends every key.created exactly once to each of two endpoints", async () => {
    const seed = await seedOrganization(a.url);
    for (const receiver of receivers) {
      const hook = await seed.admin.post(`/api/orgs/${seed.orgId}/webhooks`, {
        url: receiver.url,
        events: ["key.created"],
      });
      expectStatus(hook, 201);
      receiver.secret = hook.body.secret;
    }
    const ids = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        createKey(seed.admin, seed.orgId, { name: `k${index}` }).then(({ id }) => id),
      ),
    );
    for (const receiver of receivers) {
      await receiver.waitFor((all) => all.length >= ids.length, 30_000);
      // Give a duplicate the time to show up, if there were one.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const keyIds = receiver.received.map(({ body }) => body.data.keyId).sort();
      expect(keyIds).toEqual([...ids].sort());
      expect(receiver.received.every(({ verified }) => verified)).toBe(true);
    }
  }, 90_000);
});
