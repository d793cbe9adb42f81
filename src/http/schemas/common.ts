import { Type } from "typebox";

export const Id = (prefix: string) =>
  Type.String({ pattern: `^${prefix}_[0-9A-Za-z]{1,64}$`, description: `a ${prefix}_… id` });
export const Name = Type.String({ minLength: 1, maxLength: 100 });
export const Email = Type.String({ minLength: 3, maxLength: 254, pattern: "^[^\\s@]+@[^\\s@]+$" });
export const Password = Type.String({ minLength: 8, maxLength: 1024 });
export const PlanSchema = Type.Union([Type.Literal("free"), Type.Literal("pro"), Type.Literal("enterprise")]);
export const PermissionSchema = Type.Union([Type.Literal("engine:access"), Type.Literal("org:manage_team")]);
export const KeyKindSchema = Type.Union([Type.Literal("personal"), Type.Literal("service")]);

export const OrgParams = Type.Object({ orgId: Type.String({ maxLength: 100 }) });
export const OrgKeyParams = Type.Object({
  orgId: Type.String({ maxLength: 100 }),
  keyId: Type.String({ maxLength: 100 }),
});
export const OrgRoleParams = Type.Object({
  orgId: Type.String({ maxLength: 100 }),
  roleId: Type.String({ maxLength: 100 }),
});
export const OrgMemberParams = Type.Object({
  orgId: Type.String({ maxLength: 100 }),
  userId: Type.String({ maxLength: 100 }),
});
export const OrgEngineParams = Type.Object({
  orgId: Type.String({ maxLength: 100 }),
  engineId: Type.String({ maxLength: 100 }),
});
export const OrgMemberEngineParams = Type.Object({
  orgId: Type.String({ maxLength: 100 }),
  userId: Type.String({ maxLength: 100 }),
  engineId: Type.String({ maxLength: 100 }),
});
