import { Type, type Static } from "typebox";
import { IdField, KeyKindSchema, KeyStateSchema, Name, Nullable, OneOf, Timestamp } from "./fields.js";
import { CharacterLimit, NullableRateLimit, RateLimit } from "./limits.js";
import { KEY_KINDS } from "./vocabulary.js";

/** API keys (SPEC §1, §5). A key's secret appears once, in `CreatedKey`; no record ever holds it or its hash. */

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

export const CreatedKey = Type.Object(
  {
    key: KeyRecord,
    secret: Type.String({ description: "the full secret: shown this once, never again" }),
  },
  { title: "CreatedKey", description: "A new key with its secret: the only time the secret is returned." },
);
export type CreatedKey = Static<typeof CreatedKey>;

export const KeyList = Type.Object({ keys: Type.Array(KeyRecord) }, { description: "The keys, newest first." });
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
});
