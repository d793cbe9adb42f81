import { Type, type Static } from "typebox";
import { IdField, KeyKindSchema, KeyStateSchema, Name, Nullable, OneOf, Timestamp, WithSecret } from "./fields.js";
import { CharacterLimit, NullableRateLimit, RateLimit } from "./limits.js";
import { KEY_KINDS } from "./vocabulary.js";

/** docs/usage-and-limits.md bounds: `expiresInDays` 1–3650, a roll's `gracePeriodSeconds` 0–30 days. */
export const MAX_EXPIRES_IN_DAYS = 3650;
export const MAX_GRACE_PERIOD_SECONDS = 2_592_000;

/** API keys (docs/authorization.md, docs/api.md). A key's secret appears once, in `CreatedKey`; no record ever holds it or its hash. */

export const KeyRecord = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    kind: KeyKindSchema,
    organizationId: Type.String(),
    ownerId: Nullable(Type.String(), { description: "personal keys: the user who created it; null for service keys" }),
    ownerEmail: Nullable(Type.String()),
    roleId: Nullable(Type.String(), { description: "service keys: the role that scopes the key" }),
    engineIds: Type.Array(Type.String(), { description: "service keys: the engines in scope; [] for personal keys" }),
    start: Type.String({ description: "the first characters of the secret, to recognize the key" }),
    state: KeyStateSchema,
    createdAt: Timestamp,
    createdBy: Type.String(),
    lastUsedAt: Nullable(Timestamp),
    expiresAt: Nullable(Timestamp, { description: "when the key stops working; null: never" }),
    rolledFrom: Nullable(Type.String(), { description: "the key this one replaced in a roll" }),
    rolledTo: Nullable(Type.String(), { description: "the key that replaced this one in a roll" }),
    rateLimit: Nullable(RateLimit, {
      description: "the key's own rate limit; null = the organization's default",
    }),
    monthlyCharacterLimit: Nullable(Type.Integer(), {
      description: "the key's own characters per month, on top of the organization's quota; null = none",
    }),
  },
  { title: "KeyRecord", description: "An API key. No record holds its secret or the secret's hash." },
);
export type KeyRecord = Static<typeof KeyRecord>;

export const CreatedKey = WithSecret("key", KeyRecord, "the full secret: shown this once, never again", {
  title: "CreatedKey",
  description: "A new key with its secret: the only time the secret is returned.",
});
export type CreatedKey = Static<typeof CreatedKey>;

export const KeyList = Type.Object(
  {
    keys: Type.Array(KeyRecord),
    total: Type.Integer({ description: "how many keys match the query, over every page" }),
  },
  { description: "The keys, newest first: one page of them." },
);
export type KeyList = Static<typeof KeyList>;

const EngineIds = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 1000 });
const RoleId = Nullable(IdField);
const KeyLimitFields = {
  rateLimit: Type.Optional(NullableRateLimit),
  monthlyCharacterLimit: Type.Optional(Nullable(CharacterLimit)),
};

export const CreateKeyBody = Type.Object({
  name: Name,
  kind: Type.Optional(KeyKindSchema),
  roleId: Type.Optional(RoleId),
  engineIds: Type.Optional(EngineIds),
  expiresAt: Type.Optional(
    Nullable(Timestamp, { description: "a future moment; the organization's maxKeyLifetimeDays caps it" }),
  ),
  expiresInDays: Type.Optional(
    Nullable(Type.Integer({ minimum: 1, maximum: MAX_EXPIRES_IN_DAYS }), {
      description: "instead of expiresAt: the key expires this many days from now (capped likewise)",
    }),
  ),
  ...KeyLimitFields,
});
export type CreateKeyBody = Static<typeof CreateKeyBody>;

export const KeyPatchBody = Type.Object({
  name: Type.Optional(Name),
  roleId: Type.Optional(RoleId),
  engineIds: Type.Optional(EngineIds),
  ...KeyLimitFields,
});
export type KeyPatchBody = Static<typeof KeyPatchBody>;

export const KeyListQuery = Type.Object({
  kind: Type.Optional(OneOf(KEY_KINDS, { description: "which keys to list; personal when omitted" })),
  q: Type.Optional(
    Type.String({ maxLength: 100, description: "search: part of the name, id, start or owner's email" }),
  ),
  limit: Type.Optional(Type.String({ pattern: "^[0-9]{1,4}$", description: "page size, 1–500; 100 when omitted" })),
  offset: Type.Optional(Type.String({ pattern: "^[0-9]{1,9}$", description: "keys to skip; 0 when omitted" })),
});
export type KeyListQuery = Static<typeof KeyListQuery>;

export const RollKeyBody = Type.Object({
  gracePeriodSeconds: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: MAX_GRACE_PERIOD_SECONDS,
      description: "how long the old key keeps working; 0 (default): it stops at once",
    }),
  ),
});
export type RollKeyBody = Static<typeof RollKeyBody>;
