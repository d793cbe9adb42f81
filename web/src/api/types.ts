/** Wire shapes of the management API (src/services/management/records.ts). */

export type Permission = "engine:access" | "org:manage_team";
export type Plan = "free" | "pro" | "enterprise";
export type KeyKind = "personal" | "service";
export type KeyState = "active" | "deactivated" | "denied";

export interface Membership {
  organizationId: string;
  roleId: string;
  organizationName?: string;
}

export interface Me {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  memberships: Membership[];
}

export interface Organization {
  id: string;
  name: string;
  plan: Plan;
  rbac: boolean;
  rbacOn: boolean;
  defaultEngineId: string | null;
  createdAt: string;
}

export interface Role {
  id: string;
  organizationId: string;
  name: string;
  permissions: Permission[];
  isOwner: boolean;
  createdAt: string;
}

export interface Member {
  userId: string;
  email: string;
  name: string;
  roleId: string;
  roleName: string;
  isOwner: boolean;
  engineIds: string[];
  joinedAt: string;
}

export interface Engine {
  id: string;
  organizationId: string;
  name: string;
  provider: string;
  config: Record<string, unknown>;
  hasCredentials: boolean;
  isDefault: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Body of engine create/update. `credentials` is write-only: omit to keep, an object to replace, null to remove. */
export interface EngineBody {
  name?: string;
  provider?: string;
  config?: Record<string, unknown>;
  credentials?: Record<string, string> | null;
  isDefault?: boolean;
}

/** A credential input of a provider (`GET /api/providers`, from its credential schema). */
export interface CredentialField {
  /** The key inside `credentials`, e.g. `apiKey`. */
  name: string;
  label: string;
  /** False when the provider works without it (local OpenAI-compatible servers). */
  required: boolean;
  description?: string;
}

/** Which locale pairs a provider can translate; a listed locale or language covers its more specific locales. */
export type SupportedPairs =
  | { kind: "any" }
  | { kind: "languages"; sourceLanguages: string[]; targetLanguages: string[] }
  | { kind: "pairs"; pairs: { sourceLocale: string; targetLocale: string }[] };

/** A provider this server supports, as `GET /api/providers` describes it (src/services/provider-catalog.ts). */
export interface ProviderInfo {
  name: string;
  /** JSON Schema of the configuration object. */
  configSchema: Record<string, unknown>;
  credentials: CredentialField[];
  /** A small valid configuration to start from. */
  exampleConfig: Record<string, unknown>;
  supportedPairs: SupportedPairs;
}

export interface ApiKey {
  id: string;
  name: string;
  kind: KeyKind;
  organizationId: string;
  ownerId: string | null;
  ownerEmail: string | null;
  roleId: string | null;
  engineIds: string[];
  start: string;
  state: KeyState;
  createdAt: string;
  createdBy: string;
  lastUsedAt: string | null;
}

export interface CreatedKey {
  key: ApiKey;
  secret: string;
}

export interface AuditEvent {
  id: string;
  action: string;
  actor: { id: string | null; email: string | null };
  target: { type: string; id: string | null };
  details: Record<string, unknown>;
  createdAt: string;
}

export interface User {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  createdAt: string;
}

export interface LocalizeResult {
  sourceLocale: string;
  targetLocale: string;
  data: Record<string, unknown>;
  model?: string;
  usage?: { inputTokens: number; outputTokens: number };
}

/** RFC 9457 problem details as the server sends them (SPEC §2). */
export interface Problem {
  status: number;
  code: string;
  message: string;
  errors?: { path: string; message: string }[];
}
