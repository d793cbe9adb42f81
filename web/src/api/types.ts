/**
 * The dashboard's names for the API's records and request bodies. The types are the server's own
 * contract (src/contract), imported as types only: nothing of it reaches the bundle.
 */
export type {
  AuditEvent,
  CreatedInvitation,
  CreatedKey,
  CredentialField,
  EngineRecord as Engine,
  EnginePatchBody as EngineBody,
  InvitationPreview,
  InvitationRecord as Invitation,
  KeyKind,
  KeyRecord as ApiKey,
  LocalizeResponse as LocalizeResult,
  Me,
  MemberRecord as Member,
  Organization,
  Permission,
  Plan,
  Problem,
  ProviderCatalog,
  ProviderInfo,
  RoleRecord as Role,
  User,
} from "../../../src/contract";
