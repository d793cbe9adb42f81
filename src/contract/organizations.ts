import { Type, type Static } from "typebox";
import { IdField, ListOf, Name, Nullable, PlanSchema, Timestamp } from "./fields.js";
import { CharacterLimit, NullableRateLimit, RateLimit } from "./limits.js";

/** Organizations and their plan (docs/authorization.md, docs/api.md). */

export const Organization = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    plan: PlanSchema,
    rbac: Type.Boolean({ description: "the RBAC entitlement" }),
    rbacOn: Type.Boolean({ description: "RBAC is in force: the Enterprise plan with the RBAC entitlement" }),
    defaultEngineId: Nullable(Type.String()),
    maxKeyLifetimeDays: Nullable(Type.Integer(), {
      description: "the longest a new key may live, in days; null: no cap",
    }),
    createdAt: Timestamp,
    defaultKeyRateLimit: Nullable(RateLimit, {
      description: "the rate limit of keys without their own; null = unlimited",
    }),
    monthlyCharacterQuota: Nullable(Type.Integer(), {
      description: "characters per calendar month (UTC) for the whole organization; null = unlimited",
    }),
  },
  { title: "Organization", description: "An organization and its plan." },
);
export type Organization = Static<typeof Organization>;

export const OrganizationList = ListOf("organizations", Organization, "Every organization of the instance.");
export type OrganizationList = Static<typeof OrganizationList>;

export const CreateOrgBody = Type.Object({
  name: Name,
  ownerId: IdField,
  plan: Type.Optional(PlanSchema),
  rbac: Type.Optional(Type.Boolean()),
});
export type CreateOrgBody = Static<typeof CreateOrgBody>;

export const PlanBody = Type.Object({
  plan: PlanSchema,
  rbac: Type.Boolean(),
  monthlyCharacterQuota: Type.Optional(
    Nullable(CharacterLimit, {
      description: "characters per calendar month (UTC); null = unlimited; omitted = unchanged",
    }),
  ),
});
export type PlanBody = Static<typeof PlanBody>;

export const UpdateOrgBody = Type.Object({
  name: Type.Optional(Name),
  defaultEngineId: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  maxKeyLifetimeDays: Type.Optional(
    Nullable(Type.Integer({ minimum: 1, maximum: 3650 }), {
      description: "caps the lifetime of keys created (or rolled) from now on; null removes the cap",
    }),
  ),
  defaultKeyRateLimit: Type.Optional(NullableRateLimit),
});
export type UpdateOrgBody = Static<typeof UpdateOrgBody>;
