import { describe, expect, it } from "vitest";
import { ERROR_OTHER_STATUSES, ERROR_STATUS, type ErrorCode } from "../../src/contract/errors.js";
import { deny } from "../../src/core/authz/decision.js";
import { AppError } from "../../src/core/errors/app-error.js";
import { ERROR_MESSAGES, errorMessage, type MessageArgs, type StandardCode } from "../../src/core/errors/messages.js";

const CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** Every standard message with sample parameters; each value it is given must appear in the sentence. */
const SAMPLES: { [Code in StandardCode]: MessageArgs<Code> } = {
  missing_api_key: [],
  invalid_api_key: [],
  key_expired: [{ expiresAt: "2026-01-02T03:04:05.000Z" }],
  invalid_credentials: [],
  unauthenticated: [],
  invalid_signature: [],
  forbidden: [{ reason: "manage_team" }],
  csrf_rejected: [],
  plan_entitlement_required: [{ keyDeactivated: true }],
  owner_removed: [],
  user_deactivated: [],
  wrong_password: [],
  invitation_not_found: [],
  password_reset_not_found: [],
  sso_not_configured: [],
  engine_access_denied: [{ engineId: "eng_sample" }],
  role_not_in_organization: [{ roleId: "rol_sample" }],
  role_too_broad: [{ extraPermissions: ["org:manage_team"] }],
  engine_not_accessible: [{ engineIds: ["eng_sample"] }],
  sso_required: [{ organizationId: "org_sample" }],
  not_found: [{ method: "GET", path: "/sample" }],
  organization_not_found: [{ organizationId: "org_sample" }],
  user_not_found: [{ userId: "usr_sample" }],
  member_not_found: [{ userId: "usr_sample" }],
  role_not_found: [{ roleId: "rol_sample" }],
  engine_not_found: [{ engineId: "eng_sample" }],
  key_not_found: [{ keyId: "key_sample" }],
  webhook_not_found: [{ webhookId: "whk_sample" }],
  delivery_not_found: [{ deliveryId: "dlv_sample" }],
  job_not_found: [{ jobId: "job_sample" }],
  cli_session_not_found: [],
  session_not_found: [],
  cli_session_closed: [{ status: "completed" }],
  sso_domain_taken: [{ domain: "example.com" }],
  sso_still_required: [],
  method_not_allowed: [],
  email_taken: [{ email: "sample@example.test" }],
  already_member: [{ email: "sample@example.test" }],
  last_owner: [],
  role_name_taken: [{ name: "Sample" }],
  role_in_use: [],
  key_not_rollable: [{ keyId: "key_sample", rolledTo: "key_next" }],
  payload_too_large: [],
  unsupported_media_type: [],
  secret_key_missing: [],
  sso_discovery_failed: [{ reason: "timeout" }],
  rate_limited: [{ cause: "other" }],
  quota_exceeded: [{ scope: "key", limit: 10, resetsAt: "2026-12-01T00:00:00.000Z" }],
  client_closed_request: [],
  internal_error: [],
  engine_failed: [{ engineId: "eng_sample", provider: "pseudo", reason: "a sample reason." }],
  unavailable: [],
  two_factor_sign_in_expired: [],
  two_factor_required: [{ enrolled: false }],
  recent_authentication_required: [{ minutes: 10 }],
  invalid_two_factor_code: [],
  passkey_not_found: [{ passkeyId: "pky_sample" }],
  two_factor_not_enrolled: [],
  totp_already_enrolled: [],
};

/** Parameters that choose between sentences rather than name something. */
const CHOICES = new Set(["reason", "cause", "keyDeactivated", "withKey", "enrolled"]);

const namedValues = (args: readonly unknown[]): string[] =>
  args.flatMap((params) =>
    Object.entries(params as Record<string, unknown>)
      .filter(([name]) => !CHOICES.has(name))
      .flatMap(([, value]) => (Array.isArray(value) ? value.map(String) : [String(value)])),
  );

describe("docs/api.md#errors: every code the server emits has one status and, where one is standard, one message", () => {
  it.each(CODES)("%s has an error status", (code) => {
    expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
    expect(ERROR_STATUS[code]).toBeLessThan(600);
  });

  it("only codes whose message depends on each case go without a standard message", () => {
    expect(CODES.filter((code) => !Object.hasOwn(ERROR_MESSAGES, code))).toEqual([
      "invalid_request",
      "unsupported_locale_pair",
    ]);
  });

  it.each(Object.keys(SAMPLES) as StandardCode[])("%s: a sentence naming what it is about", (code) => {
    const args = SAMPLES[code];
    const message = errorMessage(code, ...(args as MessageArgs<typeof code>));
    expect(message).toMatch(/^\S.*[.]$/);
    for (const value of namedValues(args)) expect(message).toContain(value);
  });

  it("plan_entitlement_required points at the plan, never at the engine scope (docs/authorization.md rule 2)", () => {
    for (const keyDeactivated of [true, false]) {
      const message = errorMessage("plan_entitlement_required", { keyDeactivated });
      expect(message).toMatch(/Enterprise plan/);
      expect(message).not.toMatch(/scope|engine/i);
    }
  });
});

describe("docs/api.md#errors statuses", () => {
  it.each([
    ["invalid_request", 400],
    ["missing_api_key", 401],
    ["invalid_api_key", 401],
    ["unauthenticated", 401],
    ["forbidden", 403],
    ["csrf_rejected", 403],
    ["plan_entitlement_required", 403],
    ["owner_removed", 403],
    ["engine_access_denied", 403],
    ["role_not_in_organization", 403],
    ["role_too_broad", 403],
    ["engine_not_accessible", 403],
    ["engine_not_found", 404],
    ["payload_too_large", 413],
    ["unsupported_media_type", 415],
    ["quota_exceeded", 429],
    ["rate_limited", 429],
    ["engine_failed", 502],
    ["unavailable", 503],
  ] as const)("%s → %i", (code, status) => {
    expect(ERROR_STATUS[code]).toBe(status);
    expect(new AppError(code, "sample").status).toBe(status);
  });

  it("engine_failed may also be 422 (every model failed definitively); no other code changes status but invalid_request", () => {
    expect(Object.keys(ERROR_OTHER_STATUSES).sort()).toEqual(["engine_failed", "invalid_request"]);
    expect(ERROR_OTHER_STATUSES.engine_failed).toEqual([422]);
    expect(new AppError("engine_failed", "sample", { status: 422 }).status).toBe(422);
  });

  it("invalid_request keeps a client-error status that Fastify or a plugin raised, and only such a status", () => {
    expect(ERROR_OTHER_STATUSES.invalid_request).toContain(416);
    expect(ERROR_OTHER_STATUSES.invalid_request.every((status) => status >= 400 && status < 500)).toBe(true);
  });

  it("AppError takes the code's standard message unless given one", () => {
    expect(new AppError("csrf_rejected").message).toBe(errorMessage("csrf_rejected"));
    expect(AppError.of("key_not_found", { keyId: "key_x" }).message).toBe("Key key_x was not found.");
    expect(AppError.invalidRequest("Specific.").message).toBe("Specific.");
  });
});

/** Never run: `npm run typecheck` fails when the types stop refusing these. */
export function typeRefusals(): void {
  // @ts-expect-error key_not_found's message names the key: it needs its parameters, or a message.
  void new AppError("key_not_found");
  // @ts-expect-error only engine_failed and invalid_request may take another status.
  void new AppError("forbidden", "sample", { status: 422 });
  // @ts-expect-error engine_failed may be 422, and nothing else.
  void new AppError("engine_failed", "sample", { status: 418 });
  // @ts-expect-error a denial carries the parameters its message names.
  void deny("forbidden");
  // @ts-expect-error no code outside the table.
  void new AppError("teapot", "sample");
}
