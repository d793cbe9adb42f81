import { Type, type Static } from "typebox";
import { Email, Password, Timestamp } from "./fields.js";

/** Users of the instance (instance administration, SPEC §5). Password hashes never leave the server. */

export const User = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    name: Type.String(),
    isAdmin: Type.Boolean({ description: "an instance administrator" }),
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
