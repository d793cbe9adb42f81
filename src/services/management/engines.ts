import { requireManageTeam } from "../../core/authz/team-rules.js";
import { AppError, ensure } from "../../core/errors/app-error.js";
import { credentialErrors } from "../../core/engines/credentials.js";
import { configErrors } from "../../core/engines/engine-config.js";
import { PROVIDERS, providerNamed } from "../../engines/registry.js";
import { encryptCredentials } from "../../security/credential-box.js";
import { forgetTranslations } from "../../storage/repositories/translation-memory.js";
import { insertAuditEvent } from "../../storage/repositories/audit.js";
import {
  deleteEngine as deleteEngineRow,
  findEngine,
  insertEngine,
  listEngines as listEngineRows,
  updateEngine as updateEngineRow,
} from "../../storage/repositories/engines.js";
import { findOrganization, updateOrganization } from "../../storage/repositories/organizations.js";
import type { Sql } from "../../storage/sql.js";
import { loadActor } from "./actor.js";
import { engineRecord } from "./records.js";

export interface EngineInput {
  name?: string | undefined;
  provider?: string | undefined;
  config?: Record<string, unknown> | undefined;
  isDefault?: boolean | undefined;
  /** Write-only: stored encrypted, never returned. `null` removes stored credentials. */
  credentials?: Record<string, unknown> | null | undefined;
}

export interface EngineSecrets {
  /** GLOSSA_SECRET_KEY; without it credentials cannot be stored. */
  secretKey?: string | undefined;
}

function requireValidConfig(provider: string, config: Record<string, unknown>): void {
  const descriptor = providerNamed(provider);
  if (!descriptor) return;
  const errors = configErrors(descriptor, config);
  if (errors.length > 0)
    throw AppError.invalidRequest(`The configuration is not valid for provider "${provider}".`, errors);
}

/** Validates and encrypts credentials: undefined = keep, null = remove, an empty object = none. */
function sealCredentials(
  provider: string,
  organizationId: string,
  credentials: Record<string, unknown> | null | undefined,
  secrets: EngineSecrets,
): string | null | undefined {
  if (credentials === undefined || credentials === null) return credentials;
  const descriptor = providerNamed(provider);
  if (!descriptor) return undefined;
  const errors = credentialErrors(descriptor.credentialSchema, credentials);
  if (errors.length > 0)
    throw AppError.invalidRequest(`The credentials are not valid for provider "${provider}".`, errors);
  if (Object.keys(credentials).length === 0) return null;
  if (!secrets.secretKey) {
    throw new AppError(
      422,
      "secret_key_missing",
      "This server cannot store provider credentials: set GLOSSA_SECRET_KEY (a long random string) and restart it.",
    );
  }
  return encryptCredentials(secrets.secretKey, organizationId, credentials);
}

function requireKnownProvider(provider: string | undefined): void {
  if (provider !== undefined && !providerNamed(provider)) {
    throw AppError.invalidRequest(`Unknown provider "${provider}".`, [
      { path: "/provider", message: `must be one of ${PROVIDERS.map((known) => known.name).join(", ")}` },
    ]);
  }
}

async function defaultEngineId(sql: Sql, organizationId: string): Promise<string | null> {
  return (await findOrganization(sql, organizationId))?.defaultEngineId ?? null;
}

export async function listEngines(sql: Sql, organizationId: string, userId: string) {
  await loadActor(sql, organizationId, userId);
  const defaultId = await defaultEngineId(sql, organizationId);
  return (await listEngineRows(sql, organizationId)).map((row) => engineRecord(row, defaultId));
}

export async function getEngine(sql: Sql, organizationId: string, userId: string, engineId: string) {
  await loadActor(sql, organizationId, userId);
  const engine = await findEngine(sql, organizationId, engineId);
  if (!engine) throw AppError.notFound("engine_not_found", `Engine ${engineId} was not found.`);
  return engineRecord(engine, await defaultEngineId(sql, organizationId));
}

/** Creates an engine; the organization's first engine becomes its default. */
export async function createEngine(
  sql: Sql,
  organizationId: string,
  actorId: string,
  input: EngineInput & { name: string; provider: string },
  secrets: EngineSecrets = {},
) {
  requireKnownProvider(input.provider);
  return sql.transaction(async (tx) => {
    ensure(requireManageTeam(await loadActor(tx, organizationId, actorId)));
    const config = input.config ?? {};
    requireValidConfig(input.provider, config);
    const credentials = sealCredentials(input.provider, organizationId, input.credentials, secrets) ?? null;
    const engine = await insertEngine(tx, {
      organizationId,
      name: input.name,
      provider: input.provider,
      config,
      credentials,
    });
    const currentDefault = await defaultEngineId(tx, organizationId);
    if (input.isDefault || (currentDefault === null && input.isDefault !== false)) {
      await updateOrganization(tx, organizationId, { defaultEngineId: engine.id });
    }
    await insertAuditEvent(tx, {
      organizationId,
      actorId,
      action: "engine.created",
      targetType: "engine",
      targetId: engine.id,
      details: { name: engine.name, provider: engine.provider },
    });
    return engineRecord(engine, await defaultEngineId(tx, organizationId));
  });
}

export async function updateEngine(
  sql: Sql,
  organizationId: string,
  actorId: string,
  engineId: string,
  patch: EngineInput,
  secrets: EngineSecrets = {},
) {
  requireKnownProvider(patch.provider);
  return sql.transaction(async (tx) => {
    ensure(requireManageTeam(await loadActor(tx, organizationId, actorId)));
    const current = await findEngine(tx, organizationId, engineId);
    if (!current) throw AppError.notFound("engine_not_found", `Engine ${engineId} was not found.`);
    const provider = patch.provider ?? current.provider;
    const providerChanged = provider !== current.provider;
    if (patch.config !== undefined || providerChanged) requireValidConfig(provider, patch.config ?? current.config);
    // Another provider's credentials are meaningless: they go unless new ones come with the change.
    const sealed = sealCredentials(provider, organizationId, patch.credentials, secrets);
    const credentials = sealed !== undefined ? sealed : providerChanged ? null : undefined;
    const engine = (await updateEngineRow(tx, engineId, {
      name: patch.name,
      provider: patch.provider,
      config: patch.config,
      credentials,
    }))!;
    if (patch.config !== undefined || providerChanged) await forgetTranslations(tx, engineId);
    const currentDefault = await defaultEngineId(tx, organizationId);
    if (patch.isDefault === true) await updateOrganization(tx, organizationId, { defaultEngineId: engineId });
    if (patch.isDefault === false && currentDefault === engineId)
      await updateOrganization(tx, organizationId, { defaultEngineId: null });
    await insertAuditEvent(tx, {
      organizationId,
      actorId,
      action: "engine.updated",
      targetType: "engine",
      targetId: engineId,
      // Field names only: credential values never reach the audit log.
      details: {
        name: engine.name,
        fields: Object.keys(patch).filter((field) => patch[field as keyof EngineInput] !== undefined),
      },
    });
    return engineRecord(engine, await defaultEngineId(tx, organizationId));
  });
}

/** Deletes an engine; grants and key scopes that named it go with it. */
export async function deleteEngine(sql: Sql, organizationId: string, actorId: string, engineId: string): Promise<void> {
  await sql.transaction(async (tx) => {
    ensure(requireManageTeam(await loadActor(tx, organizationId, actorId)));
    const engine = await findEngine(tx, organizationId, engineId);
    if (!engine) throw AppError.notFound("engine_not_found", `Engine ${engineId} was not found.`);
    await deleteEngineRow(tx, engineId);
    await insertAuditEvent(tx, {
      organizationId,
      actorId,
      action: "engine.deleted",
      targetType: "engine",
      targetId: engineId,
      details: { name: engine.name },
    });
  });
}
