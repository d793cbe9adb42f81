import { Type, type Static } from "typebox";
import { Email, IdField, ListOf, Timestamp } from "./fields.js";

/** Members of an organization, their role and their per-engine grants (docs/authorization.md, docs/api.md). */

export const MemberRecord = Type.Object(
  {
    userId: Type.String(),
    email: Type.String(),
    name: Type.String(),
    roleId: Type.String(),
    roleName: Type.String(),
    isOwner: Type.Boolean(),
    engineIds: Type.Array(Type.String(), { description: "engines granted to this member one by one" }),
    joinedAt: Timestamp,
  },
  { title: "MemberRecord", description: "A member of an organization, with their role and per-engine grants." },
);
export type MemberRecord = Static<typeof MemberRecord>;

export const MemberList = ListOf("members", MemberRecord, "The members, in the order they joined.");
export type MemberList = Static<typeof MemberList>;

export const AddMemberBody = Type.Object({
  userId: Type.Optional(IdField),
  email: Type.Optional(Email),
  roleId: IdField,
});
export type AddMemberBody = Static<typeof AddMemberBody>;

export const MemberPatchBody = Type.Object({ roleId: IdField });
export type MemberPatchBody = Static<typeof MemberPatchBody>;
