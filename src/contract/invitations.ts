import { Type, type Static } from "typebox";
import { Email, IdField, IdParam, ListOf, Password, Timestamp } from "./fields.js";

/** Invitations to join an organization (docs/api.md "Account"; issue 14). The link's token is never stored or listed. */

export const InvitationRecord = Type.Object(
  {
    id: Type.String(),
    organizationId: Type.String(),
    email: Type.String(),
    roleId: Type.String(),
    roleName: Type.String(),
    invitedBy: Type.String({ description: "the user id of the inviter" }),
    createdAt: Timestamp,
    expiresAt: Timestamp,
  },
  { title: "Invitation", description: "An open invitation: not yet accepted, not expired." },
);
export type InvitationRecord = Static<typeof InvitationRecord>;

export const InvitationList = ListOf(
  "invitations",
  InvitationRecord,
  "The organization's open invitations, newest first.",
);
export type InvitationList = Static<typeof InvitationList>;

export const CreateInvitationBody = Type.Object({ email: Email, roleId: IdField });
export type CreateInvitationBody = Static<typeof CreateInvitationBody>;

export const CreatedInvitation = Type.Object(
  {
    invitation: InvitationRecord,
    url: Type.String({ description: "the single-use link, valid 7 days: shown once, to pass on to the invitee" }),
    emailed: Type.Boolean({
      description: "whether the link was sent by email (GLOSSA_SMTP_URL is set and the send succeeded)",
    }),
  },
  { title: "CreatedInvitation" },
);
export type CreatedInvitation = Static<typeof CreatedInvitation>;

export const InvitationPreview = Type.Object(
  {
    organizationName: Type.String(),
    email: Type.String(),
    roleName: Type.String(),
    expiresAt: Timestamp,
    accountExists: Type.Boolean({
      description: "an account with this email exists: accepting adds it, no name or password is asked",
    }),
  },
  { title: "InvitationPreview", description: "What the invitee sees before accepting." },
);
export type InvitationPreview = Static<typeof InvitationPreview>;

export const AcceptInvitationBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 100 })),
  password: Type.Optional(Password),
});
export type AcceptInvitationBody = Static<typeof AcceptInvitationBody>;

export const InvitationTokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export const OrgInvitationParams = Type.Object({ orgId: IdParam, invitationId: IdParam });
