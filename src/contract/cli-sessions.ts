import { Type, type Static } from "typebox";
import { IdParam, Nullable, OneOf } from "./fields.js";

/** `lingo.dev login` / `glossa login` (docs/lingo-sdk.md). */

export const StartCliSessionBody = Type.Object(
  {
    verifier: Type.String({
      minLength: 32,
      maxLength: 256,
      description: "a random secret only the device knows (the Lingo.dev CLI sends 32 random bytes, base64url)",
    }),
  },
  { additionalProperties: true },
);
export type StartCliSessionBody = Static<typeof StartCliSessionBody>;

export const StartedCliSession = Type.Object(
  {
    id: Type.String(),
    expiresAt: Type.String({ format: "date-time", description: "10 minutes from now" }),
    verifyUrl: Type.String({ description: "the dashboard page where a signed-in user approves the session" }),
  },
  { title: "StartedCliSession", description: "A login session waiting for approval in the dashboard." },
);

export const CliSessionParams = Type.Object({ id: IdParam });

export const CliSessionPoll = Type.Union(
  [
    Type.Object({ status: Type.Literal("pending") }),
    Type.Object({
      status: Type.Literal("completed"),
      apiKey: Type.String({ description: "the new personal key's secret; handed out this once" }),
    }),
  ],
  { title: "CliSessionPoll", description: "Pending until approved, then the key, once." },
);

export const CliSessionView = Type.Object(
  {
    id: Type.String(),
    status: OneOf(["pending", "approved", "completed", "expired"]),
    userAgent: Type.String({ description: "the User-Agent the device sent" }),
    clientAddress: Type.String({ description: "the address the device asked from" }),
    createdAt: Type.String({ format: "date-time" }),
    expiresAt: Type.String({ format: "date-time" }),
    organizationId: Nullable(Type.String(), { description: "set once approved" }),
  },
  { title: "CliSession", description: "A CLI login session, as the approval page shows it." },
);
export type CliSessionView = Static<typeof CliSessionView>;

export const ApproveCliSessionBody = Type.Object(
  { organizationId: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);
export type ApproveCliSessionBody = Static<typeof ApproveCliSessionBody>;
