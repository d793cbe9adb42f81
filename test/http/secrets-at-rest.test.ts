import { execFileSync } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import type { Config } from "../../src/config/config.js";
import { startServer } from "../../src/server.js";
import { ApiClient } from "../support/api-client.js";
import { addMemberUser, createKey, seedOrganization } from "../support/seed.js";
import { createPostgresDatabase, HAS_POSTGRES } from "../support/stores.js";
import { testConfig } from "../support/test-server.js";

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Creates keys and makes valid and invalid calls; returns every secret that existed and the captured logs. */
async function exerciseSecrets(config: Config): Promise<{ secrets: string[]; keyIds: string[]; logs: string }> {
  let logs = "";
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk;
      done();
    },
  });
  const server = await startServer({ config: { ...config, logLevel: "debug" }, logger: { stream } });
  const secrets: string[] = [];
  const keyIds: string[] = [];
  try {
    const seed = await seedOrganization(server.url);
    const member = await addMemberUser(seed, "secret-member@example.test", seed.roles.member);
    for (const [client, body] of [
      [seed.admin, { name: "personal" }],
      [seed.admin, { name: "service", kind: "service", engineIds: [seed.engineId] }],
      [member.client, { name: "member's" }],
    ] as const) {
      const { id, secret } = await createKey(client, seed.orgId, body);
      secrets.push(secret);
      keyIds.push(id);
    }
    const api = new ApiClient(server.url);
    for (const secret of secrets) {
      expect((await api.localize(secret, { sourceLocale: "en", targetLocale: "fr", data: { a: "Hi" } })).status).toBe(
        200,
      );
      expect((await api.post("/whoami", undefined, { authorization: `Bearer ${secret}` })).status).toBe(200);
      const typo = secret.slice(0, -1) + (secret.endsWith("a") ? "b" : "a");
      expect((await api.localize(typo, { sourceLocale: "en", targetLocale: "fr", data: {} })).status).toBe(401);
      const wrongEngine = await api.localize(secret, {
        engineId: "eng_nope",
        sourceLocale: "en",
        targetLocale: "fr",
        data: {},
      });
      expect(wrongEngine.status).toBe(404);
    }
    await seed.admin.delete(`/api/orgs/${seed.orgId}/keys/${keyIds[0]}`);
    expect((await api.localize(secrets[0]!, { sourceLocale: "en", targetLocale: "fr", data: {} })).status).toBe(401);
  } finally {
    await server.close();
  }
  return { secrets, keyIds, logs };
}

/** Each secret, and its random part alone, must appear nowhere. */
function expectNoSecret(haystack: string, secrets: string[], where: string) {
  for (const secret of secrets) {
    expect(haystack.includes(secret), `${where} holds a secret`).toBe(false);
    expect(haystack.includes(secret.slice(12)), `${where} holds a secret's tail`).toBe(false);
  }
}

describe("docs/authorization.md: no database column and no log line ever holds a secret", () => {
  it("PGlite data folder and logs", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "glossa-secrets-"));
    try {
      const { secrets, keyIds, logs } = await exerciseSecrets(testConfig({ dataDir }));
      const files = await filesUnder(dataDir);
      expect(files.length).toBeGreaterThan(10);
      const contents = (await Promise.all(files.map((file) => readFile(file))))
        .map((buffer) => buffer.toString("latin1"))
        .join("\n");
      // Positive control: the same search finds what is stored in the clear.
      expect(contents.includes(keyIds[1]!)).toBe(true);
      expectNoSecret(contents, secrets, "the PGlite folder");
      expect(logs).toContain("request completed");
      expectNoSecret(logs, secrets, "the logs");
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it.skipIf(!HAS_POSTGRES)("PostgreSQL dump and logs", async () => {
    const database = await createPostgresDatabase();
    try {
      const { secrets, keyIds, logs } = await exerciseSecrets(testConfig({ databaseUrl: database.url }));
      const dump = execFileSync("pg_dump", ["--data-only", database.url], {
        encoding: "utf8",
        maxBuffer: 256 * 1024 * 1024,
      });
      expect(dump.includes(keyIds[1]!)).toBe(true);
      expectNoSecret(dump, secrets, "the PostgreSQL dump");
      expectNoSecret(logs, secrets, "the logs");
    } finally {
      await database.drop();
    }
  });
});
