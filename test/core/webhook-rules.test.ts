import { describe, expect, it } from "vitest";
import { EVENT_TYPES } from "../../src/contract/event-types.js";
import { nextRetryDelaySeconds, RETRY_DELAYS_SECONDS, isDelivered } from "../../src/core/webhooks/retry-schedule.js";
import { signWebhook, webhookHeaders } from "../../src/core/webhooks/signature.js";
import { verifyStandardWebhook } from "../support/webhook-receiver.js";

describe("webhook rules", () => {
  it("lists exactly the event types of docs/webhooks.md", () => {
    expect([...EVENT_TYPES].sort()).toEqual(
      [
        "key.created",
        "key.updated",
        "key.rolled",
        "key.deleted",
        "key.expired",
        "key.deactivated",
        "key.reactivated",
        "key.leaked",
        "member.added",
        "member.removed",
        "member.role_changed",
        "grant.added",
        "grant.removed",
        "plan.changed",
        "engine.created",
        "engine.updated",
        "engine.deleted",
        "quota.warning",
        "quota.exceeded",
        "job.succeeded",
        "sso.configured",
        "sso.removed",
        "sso.required_changed",
        "job.failed",
        "organization.two_factor_required_changed",
      ].sort(),
    );
  });

  it("signs the example of the Standard Webhooks specification", () => {
    // The reference test vector of standard-webhooks (libraries' shared test suite).
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const body = '{"test": 2432232314}';
    expect(signWebhook(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body)).toBe(
      "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    );
  });

  it("produces headers the independent verifier accepts, and only for the same body", () => {
    const secret = "whsec_" + Buffer.alloc(32, 7).toString("base64");
    const now = Math.floor(Date.now() / 1000);
    const headers = webhookHeaders(secret, "dlv_1", now, '{"a":1}');
    expect(verifyStandardWebhook(secret, headers, '{"a":1}')).toBe(true);
    expect(verifyStandardWebhook(secret, headers, '{"a":2}')).toBe(false);
    expect(verifyStandardWebhook("whsec_" + Buffer.alloc(32, 8).toString("base64"), headers, '{"a":1}')).toBe(false);
  });

  it("retries within 30 s first, with growing delays, for more than 24 hours, then gives up", () => {
    expect(nextRetryDelaySeconds(1)).toBeLessThanOrEqual(30);
    for (let index = 1; index < RETRY_DELAYS_SECONDS.length; index++)
      expect(RETRY_DELAYS_SECONDS[index]!).toBeGreaterThanOrEqual(RETRY_DELAYS_SECONDS[index - 1]!);
    const total = RETRY_DELAYS_SECONDS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThanOrEqual(24 * 3600);
    expect(nextRetryDelaySeconds(RETRY_DELAYS_SECONDS.length + 1)).toBeNull();
    expect([200, 204, 299].every(isDelivered)).toBe(true);
    expect([199, 301, 400, 500].some(isDelivered)).toBe(false);
  });
});
