import { Type } from "typebox";
import { Email, KeyKindSchema, Name, Password, PermissionSchema, PlanSchema } from "./common.js";

export const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});

export const CreateUserBody = Type.Object({
  email: Email,
  password: Password,
  name: Type.Optional(Type.String({ maxLength: 100 })),
  isAdmin: Type.Optional(Type.Boolean()),
});
export const CreateOrgBody = Type.Object({
  name: Name,
  ownerId: Type.String({ minLength: 1, maxLength: 100 }),
  plan: Type.Optional(PlanSchema),
  rbac: Type.Optional(Type.Boolean()),
});
export const PlanBody = Type.Object({ plan: PlanSchema, rbac: Type.Boolean() });

export const UpdateOrgBody = Type.Object({
  name: Type.Optional(Name),
  defaultEngineId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
});

export const RoleBody = Type.Object({ name: Name, permissions: Type.Array(PermissionSchema, { maxItems: 10 }) });
export const RolePatchBody = Type.Object({
  name: Type.Optional(Name),
  permissions: Type.Optional(Type.Array(PermissionSchema, { maxItems: 10 })),
});

export const AddMemberBody = Type.Object({
  userId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  email: Type.Optional(Email),
  roleId: Type.String({ minLength: 1, maxLength: 100 }),
});
export const MemberPatchBody = Type.Object({ roleId: Type.String({ minLength: 1, maxLength: 100 }) });

// The config is validated per provider by the engines service (src/core/engines/engine-config.ts).
const EngineConfig = Type.Record(Type.String(), Type.Unknown(), {
  description: "provider-specific settings (docs/engines.md); never holds secrets",
});
const EngineCredentials = Type.Union(
  [Type.Record(Type.String(), Type.String({ maxLength: 4000 }), { maxProperties: 10 }), Type.Null()],
  {
    description:
      "write-only provider credentials (e.g. { apiKey }); stored encrypted, never returned; null removes them",
  },
);
export const EngineBody = Type.Object({
  name: Name,
  provider: Type.String({ minLength: 1, maxLength: 50 }),
  config: Type.Optional(EngineConfig),
  credentials: Type.Optional(EngineCredentials),
  isDefault: Type.Optional(Type.Boolean()),
});
export const EnginePatchBody = Type.Object({
  name: Type.Optional(Name),
  provider: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  config: Type.Optional(EngineConfig),
  credentials: Type.Optional(EngineCredentials),
  isDefault: Type.Optional(Type.Boolean()),
});

const EngineIds = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 1000 });
export const CreateKeyBody = Type.Object({
  name: Name,
  kind: Type.Optional(KeyKindSchema),
  roleId: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()])),
  engineIds: Type.Optional(EngineIds),
});
export const KeyPatchBody = Type.Object({
  name: Type.Optional(Name),
  roleId: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()])),
  engineIds: Type.Optional(EngineIds),
});
export const KeyListQuery = Type.Object({ kind: Type.Optional(KeyKindSchema) });
export const AuditQuery = Type.Object({
  action: Type.Optional(Type.String({ maxLength: 100 })),
  actorId: Type.Optional(Type.String({ maxLength: 100 })),
  targetId: Type.Optional(Type.String({ maxLength: 100 })),
  before: Type.Optional(Type.String({ format: "date-time" })),
  limit: Type.Optional(Type.String({ pattern: "^[0-9]{1,3}$" })),
});
