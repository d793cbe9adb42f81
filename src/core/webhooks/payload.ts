/** The body every delivery carries (docs/webhooks.md): `{ type, timestamp, data }`, never a secret. */
export function webhookBody(event: { type: string; createdAt: Date; data: Record<string, unknown> }): string {
  return JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data: event.data });
}

/** How much of a receiver's answer the delivery log keeps. */
export const MAX_LOGGED_RESPONSE_BYTES = 4096;
/** docs/webhooks.md: a receiver has 10 seconds to answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;
