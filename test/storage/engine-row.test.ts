import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrganizationId } from "../../src/contract/ids.js";
import { ENGINE_CONFIG_VERSION } from "../../src/core/engines/config-version.js";
import { migrate } from "../../src/storage/migrate.js";
import { insertApiKey, loadKeyCallContext } from "../../src/storage/repositories/api-keys.js";
import {
  findEngine,
  findEngineOrDefault,
  insertEngine,
  listEngines,
  updateEngine,
  type EngineRow,
} from "../../src/storage/repositories/engines.js";
import { insertOrganization, updateOrganization } from "../../src/storage/repositories/organizations.js";
import { insertUser } from "../../src/storage/repositories/users.js";
import { openTestDatabase, STORES, type TestDatabase } from "../support/stores.js";

const SECRET_HASH = "engine-row-test-secret-hash";

describe.each(STORES)("the engine row, defined once (%s)", (store) => {
  let database: TestDatabase;
  let organizationId: OrganizationId;
  let engine: EngineRow;

  beforeAll(async () => {
    database = await openTestDatabase(store);
    const { sql } = database;
    await migrate(sql);
    const owner = await insertUser(sql, {
      email: "owner@example.test",
      name: "Owner",
      passwordHash: "x",
      isAdmin: false,
    });
    const organization = await sql.transaction((tx) =>
      insertOrganization(tx, { name: "Acme", ownerId: owner.id, plan: "enterprise", rbac: false }),
    );
    organizationId = organization.id;
    engine = await insertEngine(sql, {
      organizationId,
      name: "GPT",
      provider: "openai",
      config: { models: [{ model: "gpt-4o-mini", rank: 0 }], glossary: [{ type: "non_translatable", term: "Ünï" }] },
      credentials: "sealed-credentials",
    });
    await updateOrganization(sql, organizationId, { defaultEngineId: engine.id });
    await insertApiKey(sql, {
      organizationId,
      kind: "service",
      name: "CI",
      secretHash: SECRET_HASH,
      start: "glossa_x",
      ownerId: null,
      roleId: null,
      engineIds: [],
      expiresAt: null,
      lifetimeDays: null,
      createdBy: owner.id,
    });
  });
  afterAll(async () => {
    await database.drop();
  });

  const fromKeyCall = async (engineId: string | null) =>
    (await loadKeyCallContext(database.sql, SECRET_HASH, engineId))?.engine;

  it("reads the same engine through the key-call context as through the engines repository", async () => {
    const found = await findEngine(database.sql, organizationId, engine.id);
    expect(found).toStrictEqual(engine);
    expect(await fromKeyCall(engine.id)).toStrictEqual(found);
    expect(await fromKeyCall(null)).toStrictEqual(await findEngineOrDefault(database.sql, organizationId, null));
    expect(await listEngines(database.sql, organizationId)).toStrictEqual([found]);
    expect(found?.createdAt).toBeInstanceOf(Date);
  });

  it("stays equal after an update", async () => {
    const updated = await updateEngine(database.sql, engine.id, { name: "GPT EU", credentials: null });
    expect(updated?.name).toBe("GPT EU");
    expect(await fromKeyCall(engine.id)).toStrictEqual(updated);
    expect(await findEngine(database.sql, organizationId, engine.id)).toStrictEqual(updated);
  });

  it("stores the current config version on every config write and refuses a version it does not know", async () => {
    const version = async () =>
      (await database.sql.query<{ v: number }>("select config_version as v from engines where id = $1", [engine.id]))[0]
        ?.v;
    expect(await version()).toBe(ENGINE_CONFIG_VERSION);
    await database.sql.query("update engines set config_version = $2 where id = $1", [
      engine.id,
      ENGINE_CONFIG_VERSION + 1,
    ]);
    await expect(findEngine(database.sql, organizationId, engine.id)).rejects.toThrow(/newer than this server's/);
    await expect(fromKeyCall(engine.id)).rejects.toThrow(/newer than this server's/);
    const rewritten = await updateEngine(database.sql, engine.id, { config: { models: [{ model: "gpt-4.1" }] } });
    expect(rewritten?.config).toEqual({ models: [{ model: "gpt-4.1" }] });
    expect(await version()).toBe(ENGINE_CONFIG_VERSION);
  });
});
