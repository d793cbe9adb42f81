import { changesNothing } from "../../core/audit/changes.js";
import { isId, type EngineId, type KeyId, type OrganizationId, type RoleId } from "../../contract/ids.js";
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
import { listEngines } from "../../storage/repositories/engines.js";
import { findOrganization } from "../../storage/repositories/organizations.js";
import { findRole } from "../../storage/repositories/roles.js";
import type { Sql } from "../../storage/sql.js";
import { audit } from "./audit.js";
import { asMember, inOrg, type OrgActor, type OrgScope } from "./in-org.js";
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

/**
 * Runs the anti-escalation guards for a service-key create or edit (SPEC §1). Once they pass, the
 * role and every engine named are the organization's own, and come back as its typed ids.
 */
async function guardServiceKeyChange(
  tx: Sql,
  actor: OrgActor,
  change: {
    roleId: string | null | undefined;
    engineIds: readonly string[] | undefined;
    currentScope: readonly EngineId[];
  },
): Promise<{ roleId: RoleId | null | undefined; engineIds: EngineId[] | undefined }> {
  const org = await findOrganization(tx, actor.organizationId);
  if (!org) throw AppError.of("organization_not_found", { organizationId: actor.organizationId });
  const found = change.roleId && isId("rol", change.roleId) ? await findRole(tx, change.roleId) : null;
  const role: ServiceKeyChange["role"] =
    change.roleId === undefined || change.roleId === null
      ? change.roleId
      : { id: change.roleId, found: found && { organizationId: found.organizationId, permissions: found.permissions } };
  const organizationEngineIds = new Set<string>((await listEngines(tx, actor.organizationId)).map(({ id }) => id));
  const current = new Set<string>(change.currentScope);
  ensure(
    checkServiceKeyGuards({
      organizationId: actor.organizationId,
      organization: org,
      actor,
      role,
      addedEngineIds: (change.engineIds ?? []).filter((engineId) => !current.has(engineId)),
      organizationEngineIds,
    }),
  );
  const isOrganizationEngine = (engineId: string): engineId is EngineId => organizationEngineIds.has(engineId);
  return {
    roleId: change.roleId === undefined ? undefined : (found?.id ?? null),
    engineIds: change.engineIds?.filter(isOrganizationEngine),
  };
}

export type KeyScope = OrgScope & { keyId: KeyId };

async function requireKey(
  sql: Sql,
  { organizationId, keyId }: { organizationId: OrganizationId; keyId: KeyId },
): Promise<ApiKeyRow> {
  const key = await findApiKey(sql, organizationId, keyId);
  if (!key) throw AppError.of("key_not_found", { keyId });
  return key;
}

export async function listKeys(sql: Sql, scope: OrgScope, kind: KeyKind) {
  const { ownerId } = ensure(listableKeyOwner(await asMember(sql, scope), kind));
  return (await listApiKeys(sql, scope.organizationId, kind, ownerId)).map(keyRecord);
}

/** Creates a key and returns its secret: the only time the secret exists outside the caller's hands. */
export async function createKey(sql: Sql, scope: OrgScope, input: CreateKeyInput) {
  const kind = input.kind ?? "personal";
  if (kind === "personal") rejectServiceFieldsOnPersonal(input);
  const secret = generateApiKeySecret();
  const key = await inOrg(sql, scope, async (tx, actor) => {
    const { roleId = null, engineIds = [] } =
      kind === "service"
        ? await guardServiceKeyChange(tx, actor, {
            roleId: input.roleId ?? null,
            engineIds: [...new Set(input.engineIds ?? [])],
            currentScope: [],
          })
        : {};
    const keyId = await insertApiKey(tx, {
      organizationId: actor.organizationId,
      kind,
      name: input.name,
      secretHash: hashApiKeySecret(secret),
      start: apiKeyStart(secret),
      ownerId: kind === "personal" ? actor.userId : null,
      roleId,
      engineIds,
      createdBy: actor.userId,
    });
    await audit(tx, actor, {
      action: "key.created",
      targetId: keyId,
      details: { name: input.name, kind, roleId, engineIds },
    });
    return requireKey(tx, { organizationId: actor.organizationId, keyId });
  });
  return { key: keyRecord(key), secret };
}

export async function updateKey(sql: Sql, scope: KeyScope, input: UpdateKeyInput) {
  const updated = await inOrg(sql, scope, async (tx, actor) => {
    const key = await requireKey(tx, scope);
    let roleId: RoleId | null | undefined;
    if (key.kind === "personal") {
      rejectServiceFieldsOnPersonal(input);
      if (!canActOnKey(actor, key)) throw AppError.of("forbidden", { reason: "edit_key" });
    } else {
      const guarded = await guardServiceKeyChange(tx, actor, {
        roleId: input.roleId,
        engineIds: input.engineIds && [...new Set(input.engineIds)],
        currentScope: key.engineIds,
      });
      if (guarded.engineIds) await replaceKeyScope(tx, key.id, guarded.engineIds);
      roleId = guarded.roleId;
    }
    await updateApiKey(tx, key.id, { name: input.name, roleId });
    const after = await requireKey(tx, scope);
    const fields = (row: typeof key) => ({ name: row.name, roleId: row.roleId, engineIds: row.engineIds });
    if (changesNothing(fields(key), fields(after))) return after;
    await audit(tx, actor, {
      action: "key.updated",
      targetId: key.id,
      details: {
        name: key.name,
        changes: Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
      },
    });
    return requireKey(tx, scope);
  });
  return keyRecord(updated);
}

export async function deleteKey(sql: Sql, scope: KeyScope): Promise<void> {
  await inOrg(sql, scope, async (tx, actor) => {
    const key = await requireKey(tx, scope);
    if (!canActOnKey(actor, key)) throw AppError.of("forbidden", { reason: "delete_key" });
    await deleteApiKey(tx, key.id);
    await audit(tx, actor, {
      action: "key.deleted",
      targetId: key.id,
      details: { name: key.name, kind: key.kind },
    });
  });
}
