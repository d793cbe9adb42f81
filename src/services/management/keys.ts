import { changesNothing } from "../../core/audit/changes.js";
import { isId, type EngineId, type KeyId, type OrganizationId, type RoleId } from "../../contract/ids.js";
import { checkServiceKeyGuards, type ServiceKeyChange } from "../../core/authz/service-key-guards.js";
import { canActOnKey, canManageTeam, listableKeyOwner } from "../../core/authz/team-rules.js";
import { isWithinDefault } from "../../core/limits/key-limit-rules.js";
import type { RateLimitPolicy } from "../../core/limits/rate-window.js";
import type { KeyKind } from "../../contract/vocabulary.js";
import { AppError, ensure } from "../../core/errors/app-error.js";
import { apiKeyStart, generateApiKeySecret, hashApiKeySecret } from "../../core/keys/api-key-format.js";
import { expiryAfterGrace, expiryOnCreate, expiryOnRoll, rollRefusal, type KeyExpiry } from "../../core/keys/expiry.js";
import {
  countApiKeys,
  deleteApiKey,
  findApiKey,
  insertApiKey,
  listApiKeys,
  replaceKeyScope,
  setApiKeyExpiry,
  updateApiKey,
  updateApiKeyLimits,
  type ApiKeyRow,
} from "../../storage/repositories/api-keys.js";
import { listEngines } from "../../storage/repositories/engines.js";
import { findOrganization } from "../../storage/repositories/organizations.js";
import { findRole } from "../../storage/repositories/roles.js";
import type { Sql } from "../../storage/sql.js";
import { audit } from "./audit.js";
import { asMember, inOrg, type OrgActor, type OrgScope } from "./in-org.js";
import { keyRecord } from "./records.js";

interface KeyLimitsInput {
  rateLimit?: RateLimitPolicy | null | undefined;
  monthlyCharacterLimit?: number | null | undefined;
}

export interface CreateKeyInput extends KeyLimitsInput {
  name: string;
  kind?: KeyKind | undefined;
  roleId?: string | null | undefined;
  engineIds?: string[] | undefined;
  expiresAt?: string | null | undefined;
  expiresInDays?: number | null | undefined;
}

export interface UpdateKeyInput extends KeyLimitsInput {
  name?: string | undefined;
  roleId?: string | null | undefined;
  engineIds?: string[] | undefined;
}

/** Sets the key's own limits after checking that a personal key's owner does not raise its rate limit. */
async function applyKeyLimits(tx: Sql, actor: OrgActor, keyId: KeyId, input: KeyLimitsInput): Promise<void> {
  if (input.rateLimit === undefined && input.monthlyCharacterLimit === undefined) return;
  if (input.rateLimit && !canManageTeam(actor)) {
    const org = await findOrganization(tx, actor.organizationId);
    const orgDefault =
      org?.defaultRateLimitRequests && org.defaultRateLimitWindowSeconds
        ? { requests: org.defaultRateLimitRequests, windowSeconds: org.defaultRateLimitWindowSeconds }
        : null;
    if (!isWithinDefault(input.rateLimit, orgDefault)) throw AppError.of("forbidden", { reason: "raise_rate_limit" });
  }
  await updateApiKeyLimits(tx, keyId, input);
}

function rejectServiceFieldsOnPersonal(input: { roleId?: unknown; engineIds?: unknown }): void {
  const errors = (["roleId", "engineIds"] as const)
    .filter((field) => input[field] !== undefined)
    .map((field) => ({ path: `/${field}`, message: "only service keys have a role or an engine scope" }));
  if (errors.length > 0) throw AppError.invalidRequest("Personal keys take neither roleId nor engineIds.", errors);
}

/**
 * Runs the anti-escalation guards for a service-key create or edit (docs/authorization.md). Once they pass, the
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

export interface KeyListQuery {
  kind: KeyKind;
  search?: string | undefined;
  limit: number;
  offset: number;
}

/** One page of the keys the caller may list, newest first, and how many match in all. */
export async function listKeys(sql: Sql, scope: OrgScope, query: KeyListQuery, now: Date) {
  const { ownerId } = ensure(listableKeyOwner(await asMember(sql, scope), query.kind));
  const search = query.search?.trim() ? query.search.trim() : null;
  const filter = { organizationId: scope.organizationId, kind: query.kind, ownerId, search };
  const [rows, total] = await Promise.all([
    listApiKeys(sql, filter, { limit: query.limit, offset: query.offset }),
    countApiKeys(sql, filter),
  ]);
  return { keys: rows.map((row) => keyRecord(row, now)), total };
}

async function maxKeyLifetimeDays(tx: Sql, organizationId: OrganizationId): Promise<number | null> {
  const org = await findOrganization(tx, organizationId);
  if (!org) throw AppError.of("organization_not_found", { organizationId });
  return org.maxKeyLifetimeDays;
}

/** Creates a key and returns its secret: the only time the secret exists outside the caller's hands. */
export async function createKey(sql: Sql, scope: OrgScope, input: CreateKeyInput, now: Date) {
  const kind = input.kind ?? "personal";
  if (kind === "personal") rejectServiceFieldsOnPersonal(input);
  const secret = generateApiKeySecret();
  const key = await inOrg(sql, scope, async (tx, actor) => {
    const expiry = expiryOnCreate({
      now,
      expiresAt: input.expiresAt,
      expiresInDays: input.expiresInDays,
      maxLifetimeDays: await maxKeyLifetimeDays(tx, actor.organizationId),
    });
    if (!expiry.ok) throw AppError.invalidRequest(expiry.message, expiry.errors);
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
      expiresAt: expiry.expiresAt,
      lifetimeDays: expiry.lifetimeDays,
    });
    await applyKeyLimits(tx, actor, keyId, input);
    await audit(tx, actor, {
      action: "key.created",
      targetId: keyId,
      details: {
        name: input.name,
        kind,
        roleId,
        engineIds,
        expiresAt: expiry.expiresAt?.toISOString() ?? null,
        rateLimit: input.rateLimit ?? null,
        monthlyCharacterLimit: input.monthlyCharacterLimit ?? null,
      },
    });
    return requireKey(tx, { organizationId: actor.organizationId, keyId });
  });
  return { key: keyRecord(key, now), secret };
}

/**
 * Rolls a key (docs/usage-and-limits.md): a new key with the old one's name, kind, owner, role, scope and lifetime
 * policy, and the old key ending at `now + grace`. A personal key only by its owner; a service key
 * passes the guards as on creation, so a role that became too broad stops the roll.
 */
export async function rollKey(
  sql: Sql,
  scope: KeyScope,
  input: { gracePeriodSeconds?: number | undefined },
  now: Date,
) {
  const gracePeriodSeconds = input.gracePeriodSeconds ?? 0;
  const secret = generateApiKeySecret();
  const rolled = await inOrg(sql, scope, async (tx, actor) => {
    const old = await requireKey(tx, scope);
    if (old.kind === "personal" && old.ownerId !== actor.userId) {
      throw AppError.of("forbidden", { reason: "roll_key" });
    }
    const refusal = rollRefusal(old, now);
    if (refusal?.reason === "already_rolled") {
      throw AppError.of("key_not_rollable", { keyId: old.id, rolledTo: refusal.rolledTo });
    }
    if (refusal?.reason === "expired") {
      throw AppError.of("key_not_rollable", { keyId: old.id, expiresAt: refusal.expiresAt.toISOString() });
    }
    const { roleId = null, engineIds = [] } =
      old.kind === "service"
        ? await guardServiceKeyChange(tx, actor, { roleId: old.roleId, engineIds: old.engineIds, currentScope: [] })
        : {};
    const previous: KeyExpiry = { expiresAt: old.expiresAt, lifetimeDays: old.lifetimeDays };
    const expiry = expiryOnRoll(previous, now, await maxKeyLifetimeDays(tx, actor.organizationId));
    const keyId = await insertApiKey(tx, {
      organizationId: actor.organizationId,
      kind: old.kind,
      name: old.name,
      secretHash: hashApiKeySecret(secret),
      start: apiKeyStart(secret),
      ownerId: old.ownerId,
      roleId,
      engineIds,
      createdBy: actor.userId,
      expiresAt: expiry.expiresAt,
      lifetimeDays: expiry.lifetimeDays,
      rolledFrom: old.id,
    });
    const oldExpiresAt = expiryAfterGrace(old.expiresAt, now, gracePeriodSeconds);
    await setApiKeyExpiry(tx, old.id, oldExpiresAt);
    await audit(tx, actor, {
      action: "key.rolled",
      targetId: old.id,
      details: {
        name: old.name,
        kind: old.kind,
        rolledTo: keyId,
        gracePeriodSeconds,
        oldKeyExpiresAt: oldExpiresAt.toISOString(),
        expiresAt: expiry.expiresAt?.toISOString() ?? null,
      },
    });
    return requireKey(tx, { organizationId: actor.organizationId, keyId });
  });
  return { key: keyRecord(rolled, now), secret };
}

export async function updateKey(sql: Sql, scope: KeyScope, input: UpdateKeyInput, now: Date) {
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
    await applyKeyLimits(tx, actor, key.id, input);
    const after = await requireKey(tx, scope);
    const fields = (row: typeof key) => ({
      name: row.name,
      roleId: row.roleId,
      engineIds: row.engineIds,
      rateLimitRequests: row.rateLimitRequests,
      rateLimitWindowSeconds: row.rateLimitWindowSeconds,
      monthlyCharacterLimit: row.monthlyCharacterLimit === null ? null : Number(row.monthlyCharacterLimit),
    });
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
  return keyRecord(updated, now);
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
