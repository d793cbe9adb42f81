import type { EngineId, KeyId, OrganizationId, RoleId, UserId } from "../../contract/ids.js";
import type { KeyAuthorizationFacts } from "../../core/authz/authorize-key.js";
import type { KeyKind, Plan } from "../../contract/vocabulary.js";
import { newId } from "../../core/ids.js";
import type { KeyLimits } from "../../core/limits/key-limits.js";
import { changedAny, type Sql } from "../sql.js";
import { engineFromJson, type EngineJson, type EngineRow } from "./engines.js";

export interface ApiKeyRow {
  id: KeyId;
  organizationId: OrganizationId;
  kind: KeyKind;
  name: string;
  start: string;
  ownerId: UserId | null;
  ownerEmail: string | null;
  roleId: RoleId | null;
  engineIds: EngineId[];
  createdAt: Date;
  createdBy: UserId;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  lifetimeDays: number | null;
  rolledFrom: KeyId | null;
  rolledTo: KeyId | null;
  plan: Plan;
  rbac: boolean;
  ownerIsMember: boolean;
  rateLimitRequests: number | null;
  rateLimitWindowSeconds: number | null;
  monthlyCharacterLimit: number | string | null;
  ownerActive: boolean;
}

const KEY_SELECT = `
  select k.id, k.organization_id as "organizationId", k.kind, k.name, k.start, k.owner_id as "ownerId",
         u.email as "ownerEmail", k.role_id as "roleId",
         coalesce((select array_agg(ke.engine_id order by ke.engine_id) from api_key_engines ke where ke.key_id = k.id), '{}') as "engineIds",
         k.created_at as "createdAt", k.created_by as "createdBy", k.last_used_at as "lastUsedAt",
         k.expires_at as "expiresAt", k.lifetime_days as "lifetimeDays", k.rolled_from as "rolledFrom",
         (select n.id from api_keys n where n.rolled_from = k.id) as "rolledTo",
         o.plan, o.rbac, (m.user_id is not null) as "ownerIsMember",
         k.rate_limit_requests as "rateLimitRequests", k.rate_limit_window_seconds as "rateLimitWindowSeconds",
         k.monthly_character_limit as "monthlyCharacterLimit", coalesce(u.active, true) as "ownerActive"
    from api_keys k
    join organizations o on o.id = k.organization_id
    left join users u on u.id = k.owner_id
    left join memberships m on m.organization_id = k.organization_id and m.user_id = k.owner_id`;

/** Facts enough for `keyState` (state depends on plan and owner membership, not on permissions). */
export function stateFacts(row: ApiKeyRow): KeyAuthorizationFacts {
  return {
    kind: row.kind,
    organization: { plan: row.plan, rbac: row.rbac },
    ownerActive: row.ownerActive,
    owner: row.ownerIsMember ? { rolePermissions: [], grantedEngineIds: [] } : null,
    serviceRole: null,
    scopeEngineIds: row.engineIds,
    expiresAt: row.expiresAt,
  };
}

export async function insertApiKey(
  tx: Sql,
  input: {
    organizationId: OrganizationId;
    kind: KeyKind;
    name: string;
    secretHash: string;
    start: string;
    ownerId: UserId | null;
    roleId: RoleId | null;
    engineIds: readonly EngineId[];
    createdBy: UserId;
    expiresAt: Date | null;
    lifetimeDays: number | null;
    rolledFrom?: KeyId | undefined;
  },
): Promise<KeyId> {
  const id = newId("key");
  await tx.query(
    `insert into api_keys (id, organization_id, kind, name, secret_hash, start, owner_id, role_id, created_by,
                           expires_at, lifetime_days, rolled_from)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      id,
      input.organizationId,
      input.kind,
      input.name,
      input.secretHash,
      input.start,
      input.ownerId,
      input.roleId,
      input.createdBy,
      input.expiresAt?.toISOString() ?? null,
      input.lifetimeDays,
      input.rolledFrom ?? null,
    ],
  );
  await replaceKeyScope(tx, id, input.engineIds);
  return id;
}

export async function replaceKeyScope(tx: Sql, keyId: KeyId, engineIds: readonly EngineId[]): Promise<void> {
  await tx.query("delete from api_key_engines where key_id = $1", [keyId]);
  if (engineIds.length > 0) {
    await tx.query(
      "insert into api_key_engines (key_id, engine_id) select $1, unnest($2::text[]) on conflict do nothing",
      [keyId, engineIds],
    );
  }
}

export async function findApiKey(sql: Sql, organizationId: OrganizationId, id: KeyId): Promise<ApiKeyRow | null> {
  const [row] = await sql.query<ApiKeyRow>(`${KEY_SELECT} where k.organization_id = $1 and k.id = $2`, [
    organizationId,
    id,
  ]);
  return row ?? null;
}

/** Which keys a list shows: one kind, optionally one owner's, optionally matching a search text. */
export interface KeyListFilter {
  organizationId: OrganizationId;
  kind: KeyKind;
  ownerId: UserId | null;
  /** Matched, case-insensitively, against the name, the id, the start of the secret and the owner's email. */
  search: string | null;
}

const KEY_FILTER = `k.organization_id = $1 and k.kind = $2 and ($3::text is null or k.owner_id = $3)
   and ($4::text is null or k.name ilike $4 escape '\\' or k.id ilike $4 escape '\\'
        or k.start ilike $4 escape '\\' or u.email ilike $4 escape '\\')`;

/** `%text%` with the LIKE wildcards of the text escaped, so that a search matches them literally. */
function containsPattern(search: string | null): string | null {
  return search === null ? null : `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const filterParams = (filter: KeyListFilter) => [
  filter.organizationId,
  filter.kind,
  filter.ownerId,
  containsPattern(filter.search),
];

export async function listApiKeys(
  sql: Sql,
  filter: KeyListFilter,
  page: { limit: number; offset: number },
): Promise<ApiKeyRow[]> {
  return sql.query<ApiKeyRow>(`${KEY_SELECT} where ${KEY_FILTER} order by k.created_at desc, k.id limit $5 offset $6`, [
    ...filterParams(filter),
    page.limit,
    page.offset,
  ]);
}

export async function countApiKeys(sql: Sql, filter: KeyListFilter): Promise<number> {
  const [row] = await sql.query<{ total: number }>(
    `select count(*)::int as total from api_keys k left join users u on u.id = k.owner_id where ${KEY_FILTER}`,
    filterParams(filter),
  );
  return row?.total ?? 0;
}

/** Sets when a key stops working (a roll's grace period); the next call on any instance reads it. */
export async function setApiKeyExpiry(sql: Sql, id: KeyId, expiresAt: Date): Promise<void> {
  await sql.query("update api_keys set expires_at = $2 where id = $1", [id, expiresAt.toISOString()]);
}

export async function updateApiKey(
  sql: Sql,
  id: KeyId,
  patch: { name?: string | undefined; roleId?: RoleId | null | undefined },
): Promise<void> {
  await sql.query(
    `update api_keys set name = coalesce($2, name), role_id = case when $3::boolean then $4 else role_id end where id = $1`,
    [id, patch.name ?? null, patch.roleId !== undefined, patch.roleId ?? null],
  );
}

/** Sets a key's own limits (docs/usage-and-limits.md); undefined leaves one as it is, null clears it. */
export async function updateApiKeyLimits(
  sql: Sql,
  id: KeyId,
  limits: {
    rateLimit?: { requests: number; windowSeconds: number } | null | undefined;
    monthlyCharacterLimit?: number | null | undefined;
  },
): Promise<void> {
  await sql.query(
    `update api_keys
        set rate_limit_requests = case when $2::boolean then $3::integer else rate_limit_requests end,
            rate_limit_window_seconds = case when $2::boolean then $4::integer else rate_limit_window_seconds end,
            monthly_character_limit = case when $5::boolean then $6::bigint else monthly_character_limit end
      where id = $1`,
    [
      id,
      limits.rateLimit !== undefined,
      limits.rateLimit?.requests ?? null,
      limits.rateLimit?.windowSeconds ?? null,
      limits.monthlyCharacterLimit !== undefined,
      limits.monthlyCharacterLimit ?? null,
    ],
  );
}

export async function deleteApiKey(sql: Sql, id: KeyId): Promise<boolean> {
  return changedAny(sql, "delete from api_keys where id = $1 returning id", [id]);
}

/** What one call with a key needs: the key, its organization, the facts of docs/authorization.md and the target engine. */
export interface KeyCallContext {
  keyId: KeyId;
  organizationId: OrganizationId;
  kind: KeyKind;
  ownerId: UserId | null;
  ownerEmail: string | null;
  facts: KeyAuthorizationFacts;
  engine: EngineRow | null;
  limits: KeyLimits;
}

interface KeyCallRow {
  keyId: KeyId;
  organizationId: OrganizationId;
  kind: KeyKind;
  ownerId: UserId | null;
  ownerEmail: string | null;
  expiresAt: string | null;
  ownerActive: boolean;
  plan: Plan;
  rbac: boolean;
  ownerIsMember: boolean;
  ownerPermissions: string[] | null;
  ownerGrants: EngineId[];
  serviceRolePermissions: string[] | null;
  scope: EngineId[];
  engine: EngineJson | null;
  rateLimitRequests: number | null;
  rateLimitWindowSeconds: number | null;
  orgCharacterQuota: number | string | null;
  keyCharacterLimit: number | string | null;
  orgCharactersUsed: number | string | null;
  keyCharactersUsed: number | string | null;
}

const countOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

/**
 * The hot path: one statement, driven by the unique index on `secret_hash`, through the
 * `glossa_key_call_context` function (see the migration for what it reads and why it is a
 * function). Nothing is cached, so every change is in force for the next call on every instance.
 */
export async function loadKeyCallContext(
  sql: Sql,
  secretHash: string,
  engineId: string | null,
): Promise<KeyCallContext | null> {
  const [result] = await sql.query<{ context: KeyCallRow | null }>(
    "select glossa_key_call_context($1, $2) as context",
    [secretHash, engineId],
  );
  const row = result?.context;
  if (!row) return null;
  return {
    keyId: row.keyId,
    organizationId: row.organizationId,
    kind: row.kind,
    ownerId: row.ownerId,
    ownerEmail: row.ownerEmail,
    engine: row.engine ? engineFromJson(row.engine) : null,
    limits: {
      rateLimit:
        row.rateLimitRequests !== null && row.rateLimitWindowSeconds !== null
          ? { requests: row.rateLimitRequests, windowSeconds: row.rateLimitWindowSeconds }
          : null,
      organizationCharacters: {
        limit: countOrNull(row.orgCharacterQuota),
        used: Number(row.orgCharactersUsed ?? 0),
      },
      keyCharacters: { limit: countOrNull(row.keyCharacterLimit), used: Number(row.keyCharactersUsed ?? 0) },
    },
    facts: {
      kind: row.kind,
      organization: { plan: row.plan, rbac: row.rbac },
      ownerActive: row.ownerActive,
      owner: row.ownerIsMember
        ? { rolePermissions: row.ownerPermissions ?? [], grantedEngineIds: row.ownerGrants }
        : null,
      serviceRole: row.serviceRolePermissions ? { permissions: row.serviceRolePermissions } : null,
      scopeEngineIds: row.scope,
      expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt),
    },
  };
}

/**
 * Writes coalesced `lastUsedAt` values (key id → epoch milliseconds of its last use) in one
 * statement; never moves a timestamp backwards.
 */
export async function recordKeysLastUsed(sql: Sql, usage: ReadonlyMap<KeyId, number>): Promise<void> {
  if (usage.size === 0) return;
  await sql.query(
    `update api_keys k set last_used_at = greatest(k.last_used_at, u.used_at)
       from (select unnest($1::text[]) as id, unnest($2::timestamptz[]) as used_at) u
      where k.id = u.id`,
    [[...usage.keys()], [...usage.values()].map((at) => new Date(at).toISOString())],
  );
}

/** The stored hash of a key's secret, so that work done later for the key (jobs) is authorized like a call. */
export async function findKeySecretHash(sql: Sql, id: KeyId): Promise<string | null> {
  const [row] = await sql.query<{ secretHash: string }>(
    'select secret_hash as "secretHash" from api_keys where id = $1',
    [id],
  );
  return row?.secretHash ?? null;
}

/** The key's own name and its organization's name: how `GET /users/me` labels a service key. */
export async function findKeyLabel(sql: Sql, id: KeyId): Promise<{ keyName: string; organizationName: string } | null> {
  const rows = await sql.query<{ keyName: string; organizationName: string }>(
    `select k.name as "keyName", o.name as "organizationName"
       from api_keys k join organizations o on o.id = k.organization_id where k.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** The ids of a member's personal keys in an organization: whose usage they may see. */
export async function listOwnPersonalKeyIds(
  sql: Sql,
  organizationId: OrganizationId,
  ownerId: UserId,
): Promise<KeyId[]> {
  const rows = await sql.query<{ id: KeyId }>(
    "select id from api_keys where organization_id = $1 and kind = 'personal' and owner_id = $2",
    [organizationId, ownerId],
  );
  return rows.map((row) => row.id);
}

/** Every service key of the organization, unpaged: the keys a plan change deactivates or reactivates. */
export async function listServiceKeysOf(
  sql: Sql,
  organizationId: OrganizationId,
): Promise<{ id: KeyId; name: string; kind: KeyKind }[]> {
  return sql.query(
    "select id, name, kind from api_keys where organization_id = $1 and kind = 'service' order by created_at, id",
    [organizationId],
  );
}
