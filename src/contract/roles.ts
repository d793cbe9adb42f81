import { Type, type Static } from "typebox";
import { Name, PermissionSchema, Timestamp } from "./fields.js";

/** Roles (docs/authorization.md): a named set of permissions; every organization starts with Owner, Admin and Member. */

export const RoleRecord = Type.Object(
  {
    id: Type.String(),
    organizationId: Type.String(),
    name: Type.String(),
    permissions: Type.Array(PermissionSchema),
    isOwner: Type.Boolean({ description: "the Owner role: cannot be edited or deleted" }),
    createdAt: Timestamp,
  },
  { title: "RoleRecord", description: "A role: a named set of permissions." },
);
export type RoleRecord = Static<typeof RoleRecord>;

export const RoleList = Type.Object({ roles: Type.Array(RoleRecord) }, { description: "The organization's roles." });
export type RoleList = Static<typeof RoleList>;

const Permissions = Type.Array(PermissionSchema, { maxItems: 10 });

export const RoleBody = Type.Object({ name: Name, permissions: Permissions });
export type RoleBody = Static<typeof RoleBody>;

export const RolePatchBody = Type.Object({ name: Type.Optional(Name), permissions: Type.Optional(Permissions) });
export type RolePatchBody = Static<typeof RolePatchBody>;
