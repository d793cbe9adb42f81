/**
 * The dashboard's names for the API's records and request bodies. The types are the server's own
 * contract (src/contract), imported as types only: nothing of it reaches the bundle.
 */
export type {
  AuditEvent,
  CreatedKey,
  CreatedWebhook,
  DeliveryRecord as Delivery,
  EventType,
  CreateKeyBody,
  CredentialField,
  EngineRecord as Engine,
  JobStatus,
  JobSummary,
  EnginePatchBody as EngineBody,
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
  RoleRecord as Role,
  User,
  WebhookRecord as Webhook,
} from "../../../src/contract";
