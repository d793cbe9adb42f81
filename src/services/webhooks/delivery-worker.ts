import { claimDueDeliveries, recordAttempt } from "../../storage/repositories/webhook-deliveries.js";
import { markWebhookFailing } from "../../storage/repositories/webhooks.js";
import type { Sql } from "../../storage/sql.js";
import type { Clock } from "../clock.js";
import { announceExpiredKeys } from "../events/announce-expired-keys.js";
import { deliverOnce, type DeliverySettings } from "./deliver-once.js";

/** Longer than an attempt can take (10 s timeout): a lease runs out only when its instance died. */
const LEASE_SECONDS = 60;
const BATCH = 20;
/** How often an instance looks for keys that expired since (key.expired). */
const EXPIRY_CHECK_MS = 2_000;

export interface DeliveryWorker {
  start(): void;
  /** Stops claiming and waits for the attempts under way. */
  stop(): Promise<void>;
  /** Claims and runs what is due now (tests, and the timer). */
  runOnce(): Promise<number>;
}

/**
 * Every instance runs one: it claims due deliveries with a lease (no two instances send the same
 * delivery, SKIP LOCKED), sends them, and records each outcome. A crash before the outcome is
 * recorded leaves the lease to run out, and the delivery is sent again: at least once.
 */
export function deliveryWorker(
  sql: Sql,
  settings: DeliverySettings & { pollMs: number; clock: Clock },
  onError: (error: unknown) => void,
): DeliveryWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  let lastExpiryCheck = 0;
  const runOnce = async (): Promise<number> => {
    if (Date.now() - lastExpiryCheck >= EXPIRY_CHECK_MS) {
      lastExpiryCheck = Date.now();
      await announceExpiredKeys(sql, settings.clock());
    }
    const claimed = await claimDueDeliveries(sql, BATCH, LEASE_SECONDS);
    await Promise.all(
      claimed.map(async (delivery) => {
        const outcome = await deliverOnce(delivery, settings);
        await recordAttempt(sql, delivery.id, outcome);
        if (outcome.status !== "pending")
          await markWebhookFailing(sql, delivery.webhookId, outcome.status === "failed");
      }),
    );
    return claimed.length;
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  const tick = () => {
    if (stopped) return;
    running = runOnce().catch((error: unknown) => (onError(error), 0));
    void running.then((count) => {
      running = undefined;
      // A full batch means more may be due: go on at once.
      schedule(count === BATCH ? 0 : settings.pollMs);
    });
  };

  return {
    runOnce,
    start() {
      stopped = false;
      schedule(settings.pollMs);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
