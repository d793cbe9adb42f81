import { Type, type Static } from "typebox";

/** The dashboard session (docs/api.md): sign in, sign out, and who the signed-in user is. */

export const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});
export type LoginBody = Static<typeof LoginBody>;

export const Membership = Type.Object({
  organizationId: Type.String(),
  roleId: Type.String(),
  organizationName: Type.String(),
  canLeave: Type.Boolean({ description: "false for the organization's last owner, who cannot leave it" }),
});
export type Membership = Static<typeof Membership>;

export const Me = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    name: Type.String(),
    isAdmin: Type.Boolean(),
    memberships: Type.Array(Membership),
  },
  { title: "Me", description: "The signed-in user and the organizations they belong to." },
);
export type Me = Static<typeof Me>;
