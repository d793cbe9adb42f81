import { createHash, generateKeyPairSync, sign } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../src/server.js";
import { createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, startTestServerOn, type TestServer } from "../support/test-server.js";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.js";

/** A scanner's key pair, published as GitHub publishes its secret-scanning keys. */
function scannerKeys() {
  const current = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const stranger = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const dir = mkdtempSync(join(tmpdir(), "glossa-leak-keys-"));
  const file = join(dir, "keys.json");
  writeFileSync(
    file,
    JSON.stringify({
      public_keys: [
        {
          key_identifier: "test-key-1",
          key: current.publicKey.export({ type: "spki", format: "pem" }),
          is_current: true,
        },
      ],
    }),
  );
  const signWith = (privateKey: typeof current.privateKey, body: string) =>
    sign("sha256", Buffer.from(body), { key: privateKey, dsaEncoding: "der" }).toString("base64");
  return {
    file,
    sign: (body: string) => signWith(current.privateKey, body),
    signAsStranger: (body: string) => signWith(stranger.privateKey, body),
  };
}

describe.each(STORES)("docs/webhooks.md leaked-key reports on %s", (store) => {
  const scanner = scannerKeys();
  let server: TestServer;
  let seed: SeededOrg;
  let receiver: WebhookReceiver;
  let second: RunningServer | undefined;

  beforeAll(async () => {
    // Both instances configured alike, as one deployment is: either may send the key.leaked
    // delivery, and one refusing the loopback receiver would push it past the test's wait.
    const settings = { leakReportKeysFile: scanner.file, webhookAllowPrivate: true, webhookPollMs: 50 };
    server = await startTestServer(store, settings);
    if (store === "postgres") second = await startTestServerOn(server.database.url!, settings);
    seed = await seedOrganization(server.url);
    receiver = await startWebhookReceiver();
    const hook = await seed.admin.post(`/api/orgs/${seed.orgId}/webhooks`, {
      url: receiver.url,
      events: ["key.leaked"],
    });
    expectStatus(hook, 201);
    receiver.secret = hook.body.secret;
  });
  afterAll(async () => {
    await second?.close();
    await server?.stop();
    await receiver?.close();
  });

  const report = (body: string, signature: string, identifier = "test-key-1") =>
    fetch(`${server.url}/api/leaked-keys`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "github-public-key-identifier": identifier,
        "github-public-key-signature": signature,
      },
      body,
    });
  const whoami = (base: string, secret: string) =>
    fetch(`${base}/whoami`, { method: "POST", headers: { "x-api-key": secret } }).then((response) => response.status);
  const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

  it("refuses an unsigned or badly signed report with 401 and changes nothing", async () => {
    const key = await createKey(seed.admin, seed.orgId, { name: "still alive" });
    const body = JSON.stringify([
      { token: key.secret, type: "glossa_api_key", url: "https://example.test", source: "content" },
    ]);
    expect((await report(body, "")).status).toBe(401);
    expect((await report(body, scanner.signAsStranger(body))).status).toBe(401);
    expect((await report(body, scanner.sign(body), "unknown-key")).status).toBe(401);
    // A valid signature over another body does not cover this one.
    expect((await report(body, scanner.sign(body.replace("content", "commit")))).status).toBe(401);
    expect((await report("not json", scanner.signAsStranger("not json"))).status).toBe(401);
    expect(await whoami(server.url, key.secret)).toBe(200);
  });

  it("revokes a live key at once, on every instance, audits it and announces key.leaked; garbage is a false positive", async () => {
    const key = await createKey(seed.admin, seed.orgId, { name: "leaked" });
    expect(await whoami(server.url, key.secret)).toBe(200);
    const garbage = "gls_notARealKeyAtAll";
    const forged = key.secret.slice(0, -1) + (key.secret.endsWith("A") ? "B" : "A");
    const body = JSON.stringify([
      {
        token: key.secret,
        type: "glossa_api_key",
        url: "https://github.com/acme/app/blob/main/.env",
        source: "content",
      },
      { token: garbage, type: "glossa_api_key", url: "https://example.test", source: "content" },
      { token: forged, type: "glossa_api_key", url: "https://example.test", source: "content" },
    ]);
    const response = await report(body, scanner.sign(body));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      { token_hash: sha256(key.secret), token_type: "glossa_api_key", label: "true_positive" },
      { token_hash: sha256(garbage), token_type: "glossa_api_key", label: "false_positive" },
      { token_hash: sha256(forged), token_type: "glossa_api_key", label: "false_positive" },
    ]);
    expect(await whoami(server.url, key.secret)).toBe(401);
    if (second) expect(await whoami(second.url, key.secret)).toBe(401);
    const audit = await seed.admin.get(`/api/orgs/${seed.orgId}/audit?action=key.leaked`);
    expect(audit.body.events).toEqual([
      expect.objectContaining({
        action: "key.leaked",
        target: expect.objectContaining({ type: "key", id: key.id }),
        actor: { id: null, email: null },
      }),
    ]);
    expect(JSON.stringify(audit.body)).not.toContain(key.secret);
    await receiver.waitFor((all) => all.some(({ body: event }) => event.data.keyId === key.id));
    const announced = receiver.received.find(({ body: event }) => event.data.keyId === key.id)!;
    expect(announced.verified).toBe(true);
    expect(announced.body.type).toBe("key.leaked");
    expect(announced.raw).not.toContain(key.secret);
    // Reported again: it is gone, so a false positive now.
    const again = await report(
      JSON.stringify([{ token: key.secret, type: "t" }]),
      scanner.sign(JSON.stringify([{ token: key.secret, type: "t" }])),
    );
    expect((await again.json())[0].label).toBe("false_positive");
  });

  it("answers 400 to a signed report that is not a report", async () => {
    const body = JSON.stringify({ token: "x" });
    expect((await report(body, scanner.sign(body))).status).toBe(400);
  });
});
