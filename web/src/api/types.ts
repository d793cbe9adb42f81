/**
 * The dashboard's names for the API's records and request bodies. The types are the server's own
 * contract (src/contract), imported as types only: nothing of it reaches the bundle.
 */
export type {
  AuditEvent,
  CliSessionView as CliSession,
  CreatedInvitation,
  CreatedKey,
  CreateKeyBody,
  CredentialField,
  EngineRecord as Engine,
  JobStatus,
  JobSummary,
  EnginePatchBody as EngineBody,
  InvitationPreview,
  InvitationRecord as Invitation,
  KeyKind,
  KeyList,
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
  RateLimit,
  RoleRecord as Role,
  UsageReport,
  User,
} from "../../../src/contract";
