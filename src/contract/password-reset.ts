import { Type, type Static } from "typebox";
import { Password } from "./fields.js";

/** Password reset by email (docs/account.md). */

export const PasswordResetRequestBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
});
export type PasswordResetRequestBody = Static<typeof PasswordResetRequestBody>;

export const PasswordResetRequested = Type.Object(
  { message: Type.String() },
  {
    title: "PasswordResetRequested",
    description: "The same answer whether or not an account has that email.",
  },
);

export const PasswordResetParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });

export const PasswordResetBody = Type.Object({ newPassword: Password });
export type PasswordResetBody = Static<typeof PasswordResetBody>;
