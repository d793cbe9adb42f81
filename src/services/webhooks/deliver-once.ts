import type { AddressPolicy } from "../../core/net/address-policy.js";
import { DELIVERY_TIMEOUT_MS, MAX_LOGGED_RESPONSE_BYTES, webhookBody } from "../../core/webhooks/payload.js";
import { isDelivered, nextRetryDelaySeconds } from "../../core/webhooks/retry-schedule.js";
import { webhookHeaders } from "../../core/webhooks/signature.js";
import { OutboundRefusedError, outboundPost } from "../../security/outbound/guarded-fetch.js";
import { openWebhookSecret } from "../../security/webhook-secret.js";
import type { AttemptOutcome, ClaimedDelivery } from "../../storage/repositories/webhook-deliveries.js";

export interface DeliverySettings {
  policy: AddressPolicy;
  secretKey: string | undefined;
  resolve?: Parameters<typeof outboundPost>[1]["resolve"];
}

async function readHead(body: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(Buffer.from(chunk));
    size += chunk.byteLength;
    if (size >= MAX_LOGGED_RESPONSE_BYTES) break;
  }
  // PostgreSQL text cannot hold NUL: a receiver answering with one must not keep its outcome (and
  // the batch it is recorded with) from being written.
  return Buffer.concat(chunks).subarray(0, MAX_LOGGED_RESPONSE_BYTES).toString("utf8").replaceAll("\0", "\uFFFD");
}

function describe(error: unknown): string {
  if (error instanceof OutboundRefusedError)
    return "refused: the URL resolves to a loopback, private or link-local address";
  if ((error as { name?: string }).name === "TimeoutError") return `no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`;
  const code = (error as { code?: string }).code;
  return `could not connect${code ? ` (${code})` : ""}`;
}

/**
 * One attempt at one delivery: sign, POST, and decide what comes next. Never throws: every
 * outcome, a refused address included, is recorded in the delivery log and retried on schedule.
 */
export async function deliverOnce(delivery: ClaimedDelivery, settings: DeliverySettings): Promise<AttemptOutcome> {
  const started = performance.now();
  const body = webhookBody({
    type: delivery.eventType,
    createdAt: new Date(delivery.eventCreatedAt),
    data: delivery.eventData,
  });
  const retryOrFail = (): Pick<AttemptOutcome, "status" | "retryInSeconds"> => {
    const delay = nextRetryDelaySeconds(delivery.attempts);
    return delay === null ? { status: "failed", retryInSeconds: null } : { status: "pending", retryInSeconds: delay };
  };
  let headers: Record<string, string> = {};
  try {
    const secret = openWebhookSecret(settings.secretKey, delivery.organizationId, delivery.secretSealed);
    headers = webhookHeaders(secret, delivery.id, Math.floor(Date.now() / 1000), body);
    const response = await outboundPost(delivery.url, {
      policy: settings.policy,
      ...(settings.resolve ? { resolve: settings.resolve } : {}),
      headers: { ...headers, "user-agent": "Glossa-Webhooks/1" },
      body,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    const responseBody = await readHead(response.body).catch(() => "");
    // The rest of a long answer is not read: dropping it closes the connection instead of reusing it.
    response.body.destroy();
    const durationMs = Math.round(performance.now() - started);
    const status = response.statusCode;
    const delivered = isDelivered(status);
    return {
      ...(delivered ? { status: "succeeded", retryInSeconds: null } : retryOrFail()),
      requestHeaders: headers,
      responseStatus: status,
      responseBody,
      durationMs,
      error: delivered ? null : status >= 300 && status < 400 ? "redirects are not followed" : `HTTP ${status}`,
    };
  } catch (error) {
    return {
      ...retryOrFail(),
      requestHeaders: headers,
      responseStatus: null,
      responseBody: null,
      durationMs: Math.round(performance.now() - started),
      error: describe(error),
    };
  }
}
