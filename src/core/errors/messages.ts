import type { ErrorCode } from "../../contract/errors.js";

/** Why a caller is refused with 403 `forbidden`: each names what the action needs. */
const FORBIDDEN = {
  manage_team: "This needs the org:manage_team permission in this organization.",
  manage_service_keys: "Managing service keys needs the org:manage_team permission.",
  list_service_keys: "Listing service keys needs the org:manage_team permission.",
  edit_key: "Only the key's owner or a holder of org:manage_team may edit it.",
  delete_key: "Only the key's owner or a holder of org:manage_team may delete it.",
  roll_key: "Only the owner of a personal key may roll it.",
  change_owners: "Only an owner can grant or remove the Owner role.",
  edit_owner_role: "The Owner role cannot be edited or deleted.",
  instance_admin: "This needs an instance administrator.",
  raise_rate_limit:
    "A personal key's owner may only set a rate limit below the organization's default; org:manage_team may set any.",
  deactivate_self: "You cannot deactivate your own account; ask another instance administrator.",
  delete_organization: "Only an owner can delete the organization.",
  inviter_gone: "The person who made this invitation is no longer a member of the organization.",
  require_sso_needs_sso_session:
    "Turn on Require SSO while signed in through this organization's single sign-on, so that you know it works.",
} as const;
export type ForbiddenReason = keyof typeof FORBIDDEN;

const SERVICE_KEYS_NEED_PLAN = "Service keys need the Enterprise plan with the RBAC entitlement";
const SERVICE_KEY_ROLE_RULE = "a service key's role may hold engine:access only";

function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** A size in the largest binary unit it reaches (MiB, KiB, bytes), one decimal at most. */
function describeBytes(bytes: number): string {
  const inUnit = (size: number, unit: string) => `${Number.isInteger(size) ? size : size.toFixed(1)} ${unit}`;
  if (bytes >= 1024 * 1024) return inUnit(bytes / (1024 * 1024), "MiB");
  if (bytes >= 1024) return inUnit(bytes / 1024, "KiB");
  return bytes === 1 ? "1 byte" : `${bytes} bytes`;
}

function noDefaultEngineHint(reachable: readonly { id: string; name: string }[] | undefined): string {
  if (reachable === undefined) return "pass engineId, or have a team manager set a default engine.";
  if (reachable.length === 0)
    return "this key reaches no engine yet; a team manager creates one (dashboard: Engines) or gives the key access to one, then pass its id as engineId.";
  const names = reachable
    .slice(0, 10)
    .map((engine) => `${engine.id} (${engine.name})`)
    .join(", ");
  const more = reachable.length > 10 ? ` and ${reachable.length - 10} more` : "";
  return `pass engineId — this key reaches ${names}${more} — or have a team manager set a default engine.`;
}

/**
 * The user-facing message of every code that has a standard one, written once. Parameters name
 * what the message is about; codes whose message is specific to each case (`invalid_request`,
 * `unsupported_locale_pair`) are absent, and whoever raises them writes the sentence.
 */
export const ERROR_MESSAGES = {
  missing_api_key: () => "Send your API key in the X-API-Key header.",
  invalid_api_key: () => "The API key is invalid or has been deleted.",
  /** docs/usage-and-limits.md: names the moment the key expired. */
  key_expired: (p: { expiresAt: string }) =>
    `This API key expired at ${p.expiresAt}; create a new key (or roll it before it expires next time).`,
  invalid_credentials: () => "The email or password is incorrect.",
  unauthenticated: () => "Sign in first.",
  invalid_signature: () => "The report is not signed, or not by a key in GLOSSA_LEAK_REPORT_KEYS.",
  two_factor_sign_in_expired: () =>
    "This sign-in waited too long for its second factor (5 minutes) or was already completed; sign in again with your password.",

  forbidden: (p: { reason: ForbiddenReason }) => FORBIDDEN[p.reason],
  csrf_rejected: () => "This request came from another site and was refused.",
  /** docs/authorization.md: points at the plan, never at the engine scope. */
  plan_entitlement_required: (p: { keyDeactivated: boolean }) =>
    p.keyDeactivated
      ? `${SERVICE_KEYS_NEED_PLAN}; this organization's plan does not include it, so the key is deactivated until the entitlement is restored.`
      : `${SERVICE_KEYS_NEED_PLAN}.`,
  owner_removed: () => "The user who created this personal key is no longer a member of the organization.",
  user_deactivated: (p: { self?: boolean } = {}) =>
    p.self
      ? "Your account has been deactivated; ask an instance administrator."
      : "The user who created this personal key has been deactivated.",
  /** Says how to fix it: a service key needs a role or a scope; a personal key acts as its creator. */
  engine_access_denied: (p: { engineId: string; keyKind?: "personal" | "service" }) =>
    p.keyKind === "service"
      ? `This key may not use engine ${p.engineId}: give the key a role with engine:access, or add the engine to its scope (dashboard: API keys → Service → Edit).`
      : p.keyKind === "personal"
        ? `This key may not use engine ${p.engineId}: a personal key reaches the engines its creator reaches; ask a team manager for a role with engine:access or a grant on this engine.`
        : `This key may not use engine ${p.engineId}.`,
  sso_required: (p: { organizationId: string }) =>
    `Organization ${p.organizationId} requires single sign-on: sign in with SSO to reach it.`,
  role_not_in_organization: (p: { roleId: string }) => `Role ${p.roleId} does not belong to this organization.`,
  role_too_broad: (p: { extraPermissions: readonly string[] } | { heldByServiceKeys: true }) =>
    "extraPermissions" in p
      ? `A service key's role may hold engine:access only; this role also holds ${p.extraPermissions.join(", ")}.`
      : `Service keys hold this role, and ${SERVICE_KEY_ROLE_RULE}.`,
  engine_not_accessible: (p: { engineIds: readonly string[] } | { roleReachesEveryEngine: true }) =>
    "engineIds" in p
      ? `You cannot reach engine ${p.engineIds.join(", ")}, so you cannot add it to a key's scope.`
      : "This role holds engine:access, which reaches every engine; only someone who reaches every engine may give it to a key.",
  two_factor_required: (p: { enrolled: boolean }) =>
    p.enrolled
      ? "This organization requires two-factor authentication: sign out and sign in again with your second factor."
      : "This organization requires two-factor authentication: set up a passkey or an authenticator app (Account → Security) first.",
  recent_authentication_required: (p: { minutes: number }) =>
    `This needs a recent sign-in: confirm your password (it counts for ${p.minutes} minutes), then try again.`,
  invalid_two_factor_code: () => "That code is not valid, or was already used.",

  not_found: (p: { method: string; path: string }) => `No route ${p.method} ${p.path}.`,
  organization_not_found: (p: { organizationId: string }) => `Organization ${p.organizationId} was not found.`,
  user_not_found: (p: { userId: string } | { byIdOrEmail: true }) =>
    "userId" in p
      ? `User ${p.userId} was not found.`
      : "No user has that id or email; an instance admin creates users.",
  member_not_found: (p: { userId: string }) => `User ${p.userId} is not a member of this organization.`,
  role_not_found: (p: { roleId: string }) => `Role ${p.roleId} was not found in this organization.`,
  /** `withKey`: asked for with an API key (docs/authorization.md rule 5), where a null id means "the default engine". */
  engine_not_found: (p: {
    engineId: string | null;
    withKey?: boolean;
    /** No engineId and no default: the engines the key reaches, to name one of them. */
    reachable?: readonly { id: string; name: string }[];
  }) =>
    p.engineId === null
      ? `No engineId was given and the organization has no default engine: ${noDefaultEngineHint(p.reachable)}`
      : p.withKey
        ? `Engine ${p.engineId} does not exist in this key's organization.`
        : `Engine ${p.engineId} was not found in this organization.`,
  key_not_found: (p: { keyId: string }) => `Key ${p.keyId} was not found.`,
  webhook_not_found: (p: { webhookId: string }) => `Webhook ${p.webhookId} was not found.`,
  delivery_not_found: (p: { deliveryId: string }) => `Delivery ${p.deliveryId} was not found.`,
  job_not_found: (p: { jobId: string }) => `Job ${p.jobId} was not found.`,
  cli_session_not_found: () =>
    "This CLI login session does not exist or has expired (they last 10 minutes); run the login command again.",
  session_not_found: () => "You have no active session with this id: it has ended, or it is not yours.",
  cli_session_closed: (p: { status: "approved" | "completed" | "expired" }) =>
    p.status === "expired"
      ? "This CLI login session has expired; run the login command again."
      : `This CLI login session was already ${p.status}.`,
  password_reset_not_found: () =>
    "This password-reset link is not valid: it was already used, has expired (links last 1 hour), or a newer password was set with another link. Ask for a new one.",
  sso_not_configured: () => "No organization's single sign-on covers this email address.",
  passkey_not_found: (p: { passkeyId: string }) => `Passkey ${p.passkeyId} was not found.`,
  invitation_not_found: () =>
    "This invitation link is not valid: it was already used, has expired (links last 7 days), or was withdrawn — also when the person who sent it can no longer invite with that role. Ask for a new one.",

  method_not_allowed: () =>
    "This MCP server is stateless: send JSON-RPC messages with POST; there is no event stream or session to open or delete.",

  email_taken: (p: { email: string }) => `A user with email ${p.email} already exists.`,
  already_member: (p: { email: string }) => `${p.email} is already a member.`,
  sso_domain_taken: (p: { domain: string }) =>
    `Another organization's single sign-on already covers ${p.domain}; a domain belongs to one organization.`,
  sso_still_required: () => "Turn off Require SSO before removing the connection, or nobody could sign in.",
  wrong_password: () => "The current password is incorrect.",
  last_owner: () => "An organization needs at least one owner.",
  role_name_taken: (p: { name: string }) => `A role named "${p.name}" already exists.`,
  key_not_rollable: (p: { keyId: string; expiresAt: string } | { keyId: string; rolledTo: string }) =>
    "rolledTo" in p
      ? `Key ${p.keyId} was already rolled to ${p.rolledTo}; roll that key instead.`
      : `Key ${p.keyId} expired at ${p.expiresAt} and cannot be rolled; create a new key.`,
  two_factor_not_enrolled: () =>
    "Set up a second factor for your own account first (Account → Security): otherwise this would lock you out.",
  totp_already_enrolled: () => "An authenticator app is already set up; remove it before setting up another.",
  role_in_use: () =>
    "Members or service keys still hold this role, or single sign-on gives it to new members; give them another role first.",

  /** `limitBytes`: the route's limit, which an operator raises with GLOSSA_BODY_LIMIT. */
  payload_too_large: (p: { limitBytes?: number } = {}) =>
    p.limitBytes === undefined
      ? "The request body is larger than this server accepts."
      : `The request body is larger than this server accepts (${describeBytes(p.limitBytes)}); send less at once, or ask the operator to raise GLOSSA_BODY_LIMIT (in bytes).`,
  unsupported_media_type: () => "Send the body as application/json.",

  secret_key_missing: () =>
    "This server cannot store provider credentials: set GLOSSA_SECRET_KEY (a long random string) and restart it.",

  sso_discovery_failed: (p: { reason: string }) =>
    `OpenID discovery at the issuer failed: ${p.reason.replace(/[.\s]+$/, "")}.`,
  rate_limited: (
    p:
      | { cause: "auth_failures" | "other" }
      | { cause: "key"; requests: number; windowSeconds: number }
      | { cause: "sign_in_account"; retryAfterSeconds: number },
  ) =>
    p.cause === "sign_in_account"
      ? `Too many failed sign-ins for this account. For your security, wait ${describeWait(p.retryAfterSeconds)} before trying again; each further failure makes the wait longer.`
      : p.cause === "auth_failures"
        ? "Too many failed authentication attempts from this address; try again later."
        : p.cause === "key"
          ? `This key may make ${p.requests} requests per ${p.windowSeconds} seconds; try again after Retry-After seconds.`
          : "Too many requests.",
  quota_exceeded: (p: { scope: "organization" | "key"; limit: number; resetsAt: string }) =>
    `This call would pass the ${p.scope === "organization" ? "organization's monthly character quota" : "key's monthly character limit"} ` +
    `(${p.limit} characters); nothing was translated. The count starts again at ${p.resetsAt}.`,

  client_closed_request: () => "The client closed the connection before the response.",
  internal_error: () => "Something went wrong on our side.",
  engine_failed: (p: { engineId: string; provider: string; reason: string }) =>
    `Engine ${p.engineId} (${p.provider}) failed to translate: ${p.reason}`,
  unavailable: () => "The service cannot reach its database right now; try again shortly.",
} as const satisfies { [Code in ErrorCode]?: (params: never) => string };

/** Codes with a standard message. */
export type StandardCode = keyof typeof ERROR_MESSAGES;

/** The arguments a code's message takes after the code: none, or one object of named parameters. */
export type MessageArgs<Code extends StandardCode> = Parameters<(typeof ERROR_MESSAGES)[Code]>;

/** Codes whose message takes no parameters. */
export type PlainCode = { [Code in StandardCode]: MessageArgs<Code> extends [] ? Code : never }[StandardCode];

export function errorMessage<Code extends StandardCode>(code: Code, ...args: MessageArgs<Code>): string {
  // TypeScript cannot relate a generic code to its own entry's parameters; `args` was checked against it above.
  return (ERROR_MESSAGES[code] as (...params: MessageArgs<Code>) => string)(...args);
}
