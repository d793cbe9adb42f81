/**
 * Every error `code` the server emits (docs/api.md#errors, docs/authorization.md and docs/DECISIONS.md) and the HTTP status
 * it leaves with. The table is closed: a code is added here before anything can raise it.
 */
export const ERROR_STATUS = {
  invalid_request: 400,

  missing_api_key: 401,
  invalid_api_key: 401,
  key_expired: 401,
  invalid_credentials: 401,
  unauthenticated: 401,
  invalid_signature: 401,
  two_factor_sign_in_expired: 401,

  forbidden: 403,
  csrf_rejected: 403,
  plan_entitlement_required: 403,
  owner_removed: 403,
  user_deactivated: 403,
  wrong_password: 403,
  engine_access_denied: 403,
  role_not_in_organization: 403,
  role_too_broad: 403,
  engine_not_accessible: 403,
  two_factor_required: 403,
  recent_authentication_required: 403,
  invalid_two_factor_code: 403,
  sso_required: 403,

  not_found: 404,
  organization_not_found: 404,
  user_not_found: 404,
  member_not_found: 404,
  role_not_found: 404,
  engine_not_found: 404,
  key_not_found: 404,
  webhook_not_found: 404,
  delivery_not_found: 404,
  job_not_found: 404,
  cli_session_not_found: 404,
  invitation_not_found: 404,
  password_reset_not_found: 404,
  session_not_found: 404,
  passkey_not_found: 404,
  sso_not_configured: 404,

  method_not_allowed: 405,

  email_taken: 409,
  already_member: 409,
  last_owner: 409,
  role_name_taken: 409,
  role_in_use: 409,
  key_not_rollable: 409,
  cli_session_closed: 409,
  two_factor_not_enrolled: 409,
  totp_already_enrolled: 409,
  sso_domain_taken: 409,
  sso_still_required: 409,

  payload_too_large: 413,
  unsupported_media_type: 415,

  unsupported_locale_pair: 422,
  secret_key_missing: 422,
  sso_discovery_failed: 422,

  rate_limited: 429,
  quota_exceeded: 429,

  /** nginx's "client closed request": only the logs see it, nobody is left to read the answer. */
  client_closed_request: 499,

  internal_error: 500,
  /** A retry may help (docs/api.md#errors); see ERROR_OTHER_STATUSES for the definitive failure. */
  engine_failed: 502,
  unavailable: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The client-error statuses of the HTTP status code registry (RFC 9110 and its extensions). */
const CLIENT_ERROR_STATUSES = [
  400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 421, 422, 423, 424, 425,
  426, 428, 429, 431, 451,
] as const;

/**
 * The only codes that may leave with another status than their own, and the statuses they may take.
 * Every other code always has exactly its status in ERROR_STATUS.
 */
export const ERROR_OTHER_STATUSES = {
  /** docs/api.md#errors: 422 when every model failed definitively, so clients should not retry. */
  engine_failed: [422],
  /** A 4xx that Fastify or one of its plugins raised with no code of its own (e.g. 414, 416) keeps its status. */
  invalid_request: CLIENT_ERROR_STATUSES,
} as const satisfies { readonly [Code in ErrorCode]?: readonly number[] };

/** The statuses other than its own that `Code` may take: `never` for all but a few codes. */
export type OtherStatus<Code extends ErrorCode> = Code extends keyof typeof ERROR_OTHER_STATUSES
  ? (typeof ERROR_OTHER_STATUSES)[Code][number]
  : never;
