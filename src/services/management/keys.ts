import { checkServiceKeyGuards, type ServiceKeyChange } from "../../core/authz/service-key-guards.js";
import { canActOnKey, listableKeyOwner } from "../../core/authz/team-rules.js";
import type { KeyKind } from "../../contract/vocabulary.js";
import { AppError, ensure } from "../../core/errors/app-error.js";
import { apiKeyStart, generateApiKeySecret, hashApiKeySecret } from "../../core/keys/api-key-format.js";
import {
  deleteApiKey,
  findApiKey,
  insertApiKey,
  listApiKeys,
  replaceKeyScope,
  updateApiKey,
  type ApiKeyRow,
} from "../../storage/repositories/api-keys.js";
import { insertAuditEvent } from "../../storage/repositories/audit.js";
import { listEngines } from "../../storage/repositories/engines.js";
import { findOrganization } from "../../storage/repositories/organizations.js";
import { findRole } from "../../storage/repositories/roles.js";
import type { Sql } from "../../storage/sql.js";
import { loadActor, type OrgActor } from "./actor.js";
import { keyRecord } from "./records.js";

export interface CreateKeyInput {
  name: string;
  kind?: KeyKind | undefined;
  roleId?: string | null | undefined;
  engineIds?: string[] | undefined;
}

export interface UpdateKeyInput {
  name?: string | undefined;
  roleId?: string | null | undefined;
  engineIds?: string[] | undefined;
}

function rejectServiceFieldsOnPersonal(input: { roleId?: unknown; engineIds?: unknown }): void {
  const errors = (["roleId", "engineIds"] as const)
    .filter((field) => input[field] !== undefined)
    .map((field) => ({ path: `/${field}`, message: "only service keys have a role or an engine scope" }));
  if (errors.length > 0) throw AppError.invalidRequest("Personal keys take neither roleId nor engineIds.", errors);
}

/** Runs the anti-escalation guards for a service-key create or edit (SPEC §1). */
async function guardServiceKeyChange(
  tx: Sql,
  actor: OrgActor,
  change: { roleId: string | null | undefined; addedEngineIds: string[] },
): Promise<void> {
  const org = await findOrganization(tx, actor.organizationId);
  if (!org) throw AppError.notFound("organization_not_found", "Organization not found.");
  let role: ServiceKeyChange["role"];
  if (change.roleId === undefined || change.roleId === null) role = change.roleId;
  else {
    const found = await findRole(tx, change.roleId);
    role = {
      id: change.roleId,
      found: found && { organizationId: found.organizationId, permissions: found.permissions },
    };
  }
  const engines = await listEngines(tx, actor.organizationId);
  ensure(
    checkServiceKeyGuards({
      organizationId: actor.organizationId,
      organization: org,
      actor,
      role,
      addedEngineIds: change.addedEngineIds,
      organizationEngineIds: new Set(engines.map((engine) => engine.id)),
    }),
  );
}

async function requireKey(sql: Sql, organizationId: string, keyId: string): Promise<ApiKeyRow> {
  const key = await findApiKey(sql, organizationId, keyId);
  if (!key) throw AppError.notFound("key_not_found", `Key ${keyId} was not found.`);
  return key;
}

export async function listKeys(sql: Sql, organizationId: string, userId: string, kind: KeyKind) {
  const actor = await loadActor(sql, organizationId, userId);
  const { ownerId } = ensure(listableKeyOwner(actor, kind));
  return (await listApiKeys(sql, organizationId, kind, ownerId)).map(keyRecord);
}

/** Creates a key and returns its secret: the only time the secret exists outside the caller's hands. */
export async function createKey(sql: Sql, organizationId: string, userId: string, input: CreateKeyInput) {
  const kind = input.kind ?? "personal";
  if (kind === "personal") rejectServiceFieldsOnPersonal(input);
  const engineIds = [...new Set(input.engineIds ?? [])];
  const secret = generateApiKeySecret();
  const key = await sql.transaction(async (tx) => {
    const actor = await loadActor(tx, organizationId, userId);
    if (kind === "service")
      await guardServiceKeyChange(tx, actor, { roleId: input.roleId ?? null, addedEngineIds: engineIds });
    const id = await insertApiKey(tx, {
      organizationId,
      kind,
      name: input.name,
      secretHash: hashApiKeySecret(secret),
      start: apiKeyStart(secret),
      ownerId: kind === "personal" ? userId : null,
      roleId: kind === "service" ? (input.roleId ?? null) : null,
      engineIds: kind === "service" ? engineIds : [],
      createdBy: userId,
    });
    await insertAuditEvent(tx, {
      organizationId,
      actorId: userId,
      action: "key.created",
      targetType: "key",
      targetId: id,
      details: { name: input.name, kind, roleId: input.roleId ?? null, engineIds },
    });
    return requireKey(tx, organizationId, id);
  });
  return { key: keyRecord(key), secret };
}

export async function updateKey(
  sql: Sql,
  organizationId: string,
  userId: string,
  keyId: string,
  input: UpdateKeyInput,
) {
  const updated = await sql.transaction(async (tx) => {
    const actor = await loadActor(tx, organizationId, userId);
    const key = await requireKey(tx, organizationId, keyId);
    if (key.kind === "personal") {
      rejectServiceFieldsOnPersonal(input);
      if (!canActOnKey(actor, key))
        throw new AppError(403, "forbidden", "Only the key's owner or a holder of org:manage_team may edit it.");
    } else {
      const current = new Set(key.engineIds);
      const nextScope = input.engineIds === undefined ? undefined : [...new Set(input.engineIds)];
      await guardServiceKeyChange(tx, actor, {
        roleId: input.roleId,
        addedEngineIds: (nextScope ?? []).filter((engineId) => !current.has(engineId)),
      });
      if (nextScope) await replaceKeyScope(tx, key.id, nextScope);
    }
    await updateApiKey(tx, key.id, { name: input.name, roleId: key.kind === "service" ? input.roleId : undefined });
    await insertAuditEvent(tx, {
      organizationId,
      actorId: userId,
      action: "key.updated",
      targetType: "key",
      targetId: key.id,
      details: {
        name: key.name,
        changes: Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
      },
    });
    return requireKey(tx, organizationId, key.id);
  });
  return keyRecord(updated);
}

export async function deleteKey(sql: Sql, organizationId: string, userId: string, keyId: string): Promise<void> {
  await sql.transaction(async (tx) => {
    const actor = await loadActor(tx, organizationId, userId);
    const key = await requireKey(tx, organizationId, keyId);
    if (!canActOnKey(actor, key))
      throw new AppError(403, "forbidden", "Only the key's owner or a holder of org:manage_team may delete it.");
    await deleteApiKey(tx, key.id);
    await insertAuditEvent(tx, {
      organizationId,
      actorId: userId,
      action: "key.deleted",
      targetType: "key",
      targetId: key.id,
      details: { name: key.name, kind: key.kind },
    });
  });
}
