import { Type, type Static } from "typebox";
import { Email, Password, Timestamp } from "./fields.js";

/** Users of the instance (instance administration, docs/api.md). Password hashes never leave the server. */

export const User = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    name: Type.String(),
    isAdmin: Type.Boolean({ description: "an instance administrator" }),
    active: Type.Boolean({
      description: "false once deactivated: no sign-in, no sessions, personal keys refused with 403 user_deactivated",
    }),
    createdAt: Timestamp,
  },
  { title: "User", description: "A user of the instance. No record holds a password or its hash." },
);
export type User = Static<typeof User>;

export const UserList = Type.Object({ users: Type.Array(User) }, { description: "Every user of the instance." });
export type UserList = Static<typeof UserList>;

export const CreateUserBody = Type.Object({
  email: Email,
  password: Password,
  name: Type.Optional(Type.String({ maxLength: 100 })),
  isAdmin: Type.Optional(Type.Boolean()),
});
export type CreateUserBody = Static<typeof CreateUserBody>;

export const UserActiveBody = Type.Object({ active: Type.Boolean() });
export type UserActiveBody = Static<typeof UserActiveBody>;

export const ChangePasswordBody = Type.Object({
  currentPassword: Type.String({ minLength: 1, maxLength: 1024 }),
  newPassword: Password,
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;
