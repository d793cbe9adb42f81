import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import { request } from "./http";
import type {
  ActiveSession,
  ApiKey,
  AuditEvent,
  CliSession,
  CreatedInvitation,
  CreatedKey,
  CreatedWebhook,
  Delivery,
  EventType,
  CreateKeyBody,
  Engine,
  EngineBody,
  JobStatus,
  JobListItem,
  Invitation,
  InvitationPreview,
  KeyKind,
  KeyList,
  LocalizeResult,
  Me,
  Member,
  Organization,
  Permission,
  Plan,
  ProviderCatalog,
  QualityReport,
  RateLimit,
  Role,
  UsageReport,
  TwoFactorChallenge,
  TwoFactorPolicy,
  TwoFactorStatus,
  User,
  Webhook,
  SsoConnection,
  SsoConnectionBody,
  SsoIssuerMetadata,
} from "./types";

export type UsageGroupBy = UsageReport["groupBy"];

const usageQuery = (range: { from: string; to: string }, groupBy: UsageGroupBy) =>
  `?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}&groupBy=${groupBy}`;

const org = (orgId: string) => `/api/orgs/${encodeURIComponent(orgId)}`;

export interface AuditFilter {
  action?: string;
  actorId?: string;
  targetId?: string;
  since?: string;
  until?: string;
}

function auditQuery(filter: AuditFilter & { before?: string; limit?: number }): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) {
    if (value !== undefined && value !== "") query.set(name, String(value));
  }
  return query.size > 0 ? `?${query.toString()}` : "";
}
const id = encodeURIComponent;

/** Typed calls to the management API (docs/api.md), one function per endpoint. */
export const api = {
  // Session
  signIn: (email: string, password: string) =>
    request<Me | TwoFactorChallenge>("POST", "/api/session", { email, password }, { quiet401: true }),
  signInWithTotp: (code: string) => request<Me>("POST", "/api/session/mfa/totp", { code }, { quiet401: true }),
  signInWithRecoveryCode: (code: string) =>
    request<Me>("POST", "/api/session/mfa/recovery", { code }, { quiet401: true }),
  passkeySignInOptions: () =>
    request<PublicKeyCredentialRequestOptionsJSON>("POST", "/api/session/mfa/passkey/options", undefined, {
      quiet401: true,
    }),
  signInWithPasskey: (response: AuthenticationResponseJSON) =>
    request<Me>("POST", "/api/session/mfa/passkey", { response }, { quiet401: true }),

  // Two-factor authentication (docs/account.md)
  twoFactorStatus: () => request<TwoFactorStatus>("GET", "/api/me/mfa"),
  reauthenticate: (password: string) => request<void>("POST", "/api/me/mfa/reauthenticate", { password }),
  startTotpEnrolment: () => request<{ secret: string; uri: string }>("POST", "/api/me/mfa/totp/enrol"),
  confirmTotp: (code: string) =>
    request<{ recoveryCodes: string[] | null }>("POST", "/api/me/mfa/totp/confirm", { code }),
  removeTotp: () => request<void>("DELETE", "/api/me/mfa/totp"),
  passkeyRegistrationOptions: () =>
    request<PublicKeyCredentialCreationOptionsJSON>("POST", "/api/me/mfa/passkeys/options"),
  registerPasskey: (name: string, response: RegistrationResponseJSON) =>
    request<{ passkey: TwoFactorStatus["passkeys"][number]; recoveryCodes: string[] | null }>(
      "POST",
      "/api/me/mfa/passkeys",
      { name, response },
    ),
  renamePasskey: (passkeyId: string, name: string) =>
    request<TwoFactorStatus["passkeys"][number]>("PATCH", `/api/me/mfa/passkeys/${id(passkeyId)}`, { name }),
  removePasskey: (passkeyId: string) => request<void>("DELETE", `/api/me/mfa/passkeys/${id(passkeyId)}`),
  regenerateRecoveryCodes: () => request<{ recoveryCodes: string[] }>("POST", "/api/me/mfa/recovery-codes"),
  twoFactorPolicy: (orgId: string) => request<TwoFactorPolicy>("GET", `${org(orgId)}/mfa-policy`),
  setTwoFactorPolicy: (orgId: string, requireTwoFactor: boolean) =>
    request<TwoFactorPolicy>("PUT", `${org(orgId)}/mfa-policy`, { requireTwoFactor }),
  signOut: () => request<void>("DELETE", "/api/session"),
  me: () => request<Me>("GET", "/api/me", undefined, { quiet401: true }),
  startSso: (email: string) =>
    request<{ authorizationUrl: string }>("POST", "/api/sso/start", { email }, { quiet401: true }),

  // Single sign-on (issue 25)
  ssoConnection: (orgId: string) => request<SsoConnection>("GET", `${org(orgId)}/sso`),
  saveSso: (orgId: string, body: SsoConnectionBody) => request<SsoConnection>("PUT", `${org(orgId)}/sso`, body),
  removeSso: (orgId: string) => request<void>("DELETE", `${org(orgId)}/sso`),
  testSso: (orgId: string, issuer?: string) =>
    request<SsoIssuerMetadata>("POST", `${org(orgId)}/sso/test`, issuer ? { issuer } : {}),

  // CLI login (`lingo.dev login`, `glossa login`)
  cliSession: (sessionId: string) => request<CliSession>("GET", `/api/cli-sessions/${id(sessionId)}`),
  approveCliSession: (sessionId: string, organizationId: string) =>
    request<CliSession>("POST", `/api/cli-sessions/${id(sessionId)}/approve`, { organizationId }),

  // Account (issue 14)
  changePassword: (currentPassword: string, newPassword: string) =>
    request<void>("PUT", "/api/me/password", { currentPassword, newPassword }),

  // Active sessions (issue 25)
  mySessions: () => request<{ sessions: ActiveSession[] }>("GET", "/api/me/sessions").then((body) => body.sessions),
  endSession: (sessionId: string) => request<void>("DELETE", `/api/me/sessions/${id(sessionId)}`),
  endOtherSessions: () => request<void>("DELETE", "/api/me/sessions"),
  invitations: (orgId: string) =>
    request<{ invitations: Invitation[] }>("GET", `${org(orgId)}/invitations`).then((body) => body.invitations),
  invite: (orgId: string, body: { email: string; roleId: string }) =>
    request<CreatedInvitation>("POST", `${org(orgId)}/invitations`, body),
  withdrawInvitation: (orgId: string, invitationId: string) =>
    request<void>("DELETE", `${org(orgId)}/invitations/${id(invitationId)}`),
  requestPasswordReset: (email: string) =>
    request<{ message: string }>("POST", "/api/password-reset", { email }, { quiet401: true }),
  resetPassword: (token: string, newPassword: string) =>
    request<void>("POST", `/api/password-reset/${id(token)}`, { newPassword }, { quiet401: true }),
  previewInvitation: (token: string) =>
    request<InvitationPreview>("GET", `/api/invitations/${id(token)}`, undefined, { quiet401: true }),
  acceptInvitation: (token: string, body: { name?: string; password?: string }) =>
    request<Me>("POST", `/api/invitations/${id(token)}/accept`, body, { quiet401: true }),
  deleteOrganization: (orgId: string) => request<void>("DELETE", org(orgId)),
  setUserActive: (userId: string, active: boolean) =>
    request<User>("PUT", `/api/admin/users/${id(userId)}`, { active }),

  // Organization
  organization: (orgId: string) => request<Organization>("GET", org(orgId)),
  updateOrganization: (
    orgId: string,
    body: { maxKeyLifetimeDays?: number | null; defaultKeyRateLimit?: RateLimit | null },
  ) => request<Organization>("PATCH", org(orgId), body),
  usage: (orgId: string, range: { from: string; to: string }, groupBy: UsageGroupBy) =>
    request<UsageReport>("GET", `${org(orgId)}/usage${usageQuery(range, groupBy)}`),
  usageCsvUrl: (orgId: string, range: { from: string; to: string }, groupBy: UsageGroupBy) =>
    `${org(orgId)}/usage.csv${usageQuery(range, groupBy)}`,
  quality: (orgId: string, range: { from: string; to: string }) =>
    request<QualityReport>(
      "GET",
      `${org(orgId)}/quality?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`,
    ),
  audit: (orgId: string, filter: AuditFilter & { before?: string; limit?: number }) =>
    request<{ events: AuditEvent[] }>("GET", `${org(orgId)}/audit${auditQuery(filter)}`).then((body) => body.events),
  /** A plain link: the browser downloads the CSV with the session cookie. */
  auditExportUrl: (orgId: string, filter: AuditFilter) => `${org(orgId)}/audit/export${auditQuery(filter)}`,

  jobs: (orgId: string, status: JobStatus | "") =>
    request<{ jobs: JobListItem[] }>("GET", `${org(orgId)}/jobs${status ? `?status=${status}` : ""}`).then(
      (body) => body.jobs,
    ),

  // Roles
  roles: (orgId: string) => request<{ roles: Role[] }>("GET", `${org(orgId)}/roles`).then((body) => body.roles),
  createRole: (orgId: string, body: { name: string; permissions: Permission[] }) =>
    request<Role>("POST", `${org(orgId)}/roles`, body),
  updateRole: (orgId: string, roleId: string, body: { name?: string; permissions?: Permission[] }) =>
    request<Role>("PATCH", `${org(orgId)}/roles/${id(roleId)}`, body),
  deleteRole: (orgId: string, roleId: string) => request<void>("DELETE", `${org(orgId)}/roles/${id(roleId)}`),

  // Members and grants
  members: (orgId: string) =>
    request<{ members: Member[] }>("GET", `${org(orgId)}/members`).then((body) => body.members),
  addMember: (orgId: string, body: { email: string; roleId: string }) =>
    request<Member>("POST", `${org(orgId)}/members`, body),
  changeMemberRole: (orgId: string, userId: string, roleId: string) =>
    request<Member>("PATCH", `${org(orgId)}/members/${id(userId)}`, { roleId }),
  removeMember: (orgId: string, userId: string) => request<void>("DELETE", `${org(orgId)}/members/${id(userId)}`),
  grantEngine: (orgId: string, userId: string, engineId: string) =>
    request<Member>("PUT", `${org(orgId)}/members/${id(userId)}/engines/${id(engineId)}`),
  revokeEngine: (orgId: string, userId: string, engineId: string) =>
    request<void>("DELETE", `${org(orgId)}/members/${id(userId)}/engines/${id(engineId)}`),

  // Engines
  providers: () => request<ProviderCatalog>("GET", "/api/providers"),
  engines: (orgId: string) =>
    request<{ engines: Engine[] }>("GET", `${org(orgId)}/engines`).then((body) => body.engines),
  createEngine: (orgId: string, body: EngineBody & { name: string; provider: string }) =>
    request<Engine>("POST", `${org(orgId)}/engines`, body),
  updateEngine: (orgId: string, engineId: string, body: EngineBody) =>
    request<Engine>("PATCH", `${org(orgId)}/engines/${id(engineId)}`, body),
  deleteEngine: (orgId: string, engineId: string) => request<void>("DELETE", `${org(orgId)}/engines/${id(engineId)}`),
  tryEngine: (
    orgId: string,
    engineId: string,
    body: { sourceLocale: string; targetLocale: string; data: Record<string, unknown> },
  ) => request<LocalizeResult>("POST", `${org(orgId)}/engines/${id(engineId)}/try`, body),

  // Webhooks
  webhooks: (orgId: string) =>
    request<{ webhooks: Webhook[] }>("GET", `${org(orgId)}/webhooks`).then((body) => body.webhooks),
  createWebhook: (orgId: string, body: { url: string; events: EventType[]; description?: string }) =>
    request<CreatedWebhook>("POST", `${org(orgId)}/webhooks`, body),
  updateWebhook: (orgId: string, webhookId: string, body: { enabled?: boolean; events?: EventType[] }) =>
    request<Webhook>("PATCH", `${org(orgId)}/webhooks/${id(webhookId)}`, body),
  deleteWebhook: (orgId: string, webhookId: string) =>
    request<void>("DELETE", `${org(orgId)}/webhooks/${id(webhookId)}`),
  deliveries: (orgId: string, webhookId: string) =>
    request<{ deliveries: Delivery[] }>("GET", `${org(orgId)}/webhooks/${id(webhookId)}/deliveries`).then(
      (body) => body.deliveries,
    ),
  retryDelivery: (orgId: string, webhookId: string, deliveryId: string) =>
    request<Delivery>("POST", `${org(orgId)}/webhooks/${id(webhookId)}/deliveries/${id(deliveryId)}/retry`),
  sendTestEvent: (orgId: string, webhookId: string) =>
    request<Delivery>("POST", `${org(orgId)}/webhooks/${id(webhookId)}/test`),

  // Keys
  keys: (orgId: string, kind: KeyKind, page: { search?: string; limit?: number; offset?: number } = {}) => {
    const query = new URLSearchParams({ kind });
    if (page.search) query.set("q", page.search);
    if (page.limit) query.set("limit", String(page.limit));
    if (page.offset) query.set("offset", String(page.offset));
    return request<KeyList>("GET", `${org(orgId)}/keys?${query.toString()}`);
  },
  createKey: (orgId: string, body: CreateKeyBody) => request<CreatedKey>("POST", `${org(orgId)}/keys`, body),
  rollKey: (orgId: string, keyId: string, gracePeriodSeconds: number) =>
    request<CreatedKey>("POST", `${org(orgId)}/keys/${id(keyId)}/roll`, { gracePeriodSeconds }),
  updateKey: (
    orgId: string,
    keyId: string,
    body: {
      name?: string;
      roleId?: string | null;
      engineIds?: string[];
      rateLimit?: RateLimit | null;
      monthlyCharacterLimit?: number | null;
    },
  ) => request<ApiKey>("PATCH", `${org(orgId)}/keys/${id(keyId)}`, body),
  deleteKey: (orgId: string, keyId: string) => request<void>("DELETE", `${org(orgId)}/keys/${id(keyId)}`),

  // Instance administration
  users: () => request<{ users: User[] }>("GET", "/api/admin/users").then((body) => body.users),
  createUser: (body: { email: string; password: string; name?: string }) =>
    request<User>("POST", "/api/admin/users", body),
  allOrganizations: () =>
    request<{ organizations: Organization[] }>("GET", "/api/admin/orgs").then((body) => body.organizations),
  createOrganization: (body: { name: string; ownerId: string; plan: Plan; rbac: boolean }) =>
    request<Organization>("POST", "/api/admin/orgs", body),
  changePlan: (orgId: string, plan: Plan, rbac: boolean, monthlyCharacterQuota?: number | null) =>
    request<Organization>("PUT", `/api/admin/orgs/${id(orgId)}/plan`, {
      plan,
      rbac,
      ...(monthlyCharacterQuota !== undefined ? { monthlyCharacterQuota } : {}),
    }),
};
