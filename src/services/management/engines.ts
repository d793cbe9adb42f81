import { isDeepStrictEqual } from "node:util";
import type { EngineId, OrganizationId } from "../../contract/ids.js";
import { requireManageTeam } from "../../core/authz/team-rules.js";
import { AppError, ensure } from "../../core/errors/app-error.js";
import { credentialBindingChanged } from "../../core/engines/credential-binding.js";
import { credentialErrors } from "../../core/engines/credentials.js";
import { configErrors } from "../../core/engines/engine-config.js";
import { PROVIDERS, providerNamed } from "../../engines/registry.js";
import { encryptCredentials } from "../../security/credential-box.js";
import { forgetTranslations } from "../../storage/repositories/translation-memory.js";
import {
  deleteEngine as deleteEngineRow,
  findEngine,
  insertEngine,
  listEngines as listEngineRows,
  updateEngine as updateEngineRow,
} from "../../storage/repositories/engines.js";
import { findOrganization, updateOrganization } from "../../storage/repositories/organizations.js";
import type { Sql } from "../../storage/sql.js";
import { audit } from "./audit.js";
import { asMember, inOrg, type OrgScope } from "./in-org.js";
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
  organizationId: OrganizationId,
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
    throw new AppError("secret_key_missing");
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

async function defaultEngineId(sql: Sql, organizationId: OrganizationId): Promise<EngineId | null> {
  return (await findOrganization(sql, organizationId))?.defaultEngineId ?? null;
}

export type EngineScope = OrgScope & { engineId: EngineId };

async function requireEngine(
  sql: Sql,
  { organizationId, engineId }: { organizationId: OrganizationId; engineId: EngineId },
) {
  const engine = await findEngine(sql, organizationId, engineId);
  if (!engine) throw AppError.of("engine_not_found", { engineId });
  return engine;
}

export async function listEngines(sql: Sql, scope: OrgScope) {
  const { organizationId } = await asMember(sql, scope);
  const defaultId = await defaultEngineId(sql, organizationId);
  return (await listEngineRows(sql, organizationId)).map((row) => engineRecord(row, defaultId));
}

export async function getEngine(sql: Sql, scope: EngineScope) {
  await asMember(sql, scope);
  return engineRecord(await requireEngine(sql, scope), await defaultEngineId(sql, scope.organizationId));
}

/** Creates an engine; the organization's first engine becomes its default. */
export async function createEngine(
  sql: Sql,
  scope: OrgScope,
  input: EngineInput & { name: string; provider: string },
  secrets: EngineSecrets = {},
) {
  const { organizationId } = scope;
  requireKnownProvider(input.provider);
  return inOrg(sql, scope, async (tx, actor) => {
    ensure(requireManageTeam(actor));
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
    // An organization's first engine is its default whatever the request says: without a
    // default, every call that names no engineId would fail.
    const currentDefault = await defaultEngineId(tx, organizationId);
    if (input.isDefault || currentDefault === null) {
      await updateOrganization(tx, organizationId, { defaultEngineId: engine.id });
    }
    await audit(tx, actor, {
      action: "engine.created",
      targetId: engine.id,
      details: { name: engine.name, provider: engine.provider },
    });
    return engineRecord(engine, await defaultEngineId(tx, organizationId));
  });
}

export async function updateEngine(sql: Sql, scope: EngineScope, patch: EngineInput, secrets: EngineSecrets = {}) {
  const { organizationId, engineId } = scope;
  requireKnownProvider(patch.provider);
  return inOrg(sql, scope, async (tx, actor) => {
    ensure(requireManageTeam(actor));
    const current = await requireEngine(tx, scope);
    const provider = patch.provider ?? current.provider;
    const providerChanged = provider !== current.provider;
    if (patch.config !== undefined || providerChanged) requireValidConfig(provider, patch.config ?? current.config);
    // Credentials go unless new ones come with the change when they would go elsewhere or to another provider.
    const sealed = sealCredentials(provider, organizationId, patch.credentials, secrets);
    const rebound = credentialBindingChanged(current, { provider, config: patch.config ?? current.config });
    const credentials = sealed !== undefined ? sealed : rebound ? null : undefined;
    const configChanged = patch.config !== undefined && !isDeepStrictEqual(patch.config, current.config);
    const currentDefault = await defaultEngineId(tx, organizationId);
    const changed = {
      name: patch.name !== undefined && patch.name !== current.name,
      provider: providerChanged,
      config: configChanged,
      credentials: credentials !== undefined,
      isDefault:
        (patch.isDefault === true && currentDefault !== engineId) ||
        (patch.isDefault === false && currentDefault === engineId),
    };
    // A save that changes nothing writes nothing and records nothing (the form sends every field).
    if (!Object.values(changed).some(Boolean)) return engineRecord(current, currentDefault);
    const engine = (await updateEngineRow(tx, engineId, {
      name: patch.name,
      provider: patch.provider,
      config: configChanged ? patch.config : undefined,
      credentials,
    }))!;
    if (configChanged || providerChanged) await forgetTranslations(tx, engineId);
    if (changed.isDefault)
      await updateOrganization(tx, organizationId, { defaultEngineId: patch.isDefault ? engineId : null });
    await audit(tx, actor, {
      action: "engine.updated",
      targetId: engineId,
      // Field names only: credential values never reach the audit log.
      details: {
        name: engine.name,
        fields: Object.entries(changed)
          .filter(([, yes]) => yes)
          .map(([field]) => field),
      },
    });
    return engineRecord(engine, await defaultEngineId(tx, organizationId));
  });
}

/** Deletes an engine; grants and key scopes that named it go with it. */
export async function deleteEngine(sql: Sql, scope: EngineScope): Promise<void> {
  await inOrg(sql, scope, async (tx, actor) => {
    ensure(requireManageTeam(actor));
    const engine = await requireEngine(tx, scope);
    await deleteEngineRow(tx, engine.id);
    await audit(tx, actor, { action: "engine.deleted", targetId: engine.id, details: { name: engine.name } });
  });
}
