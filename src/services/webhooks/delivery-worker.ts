import {
  claimDueDeliveries,
  recordAttempts,
  type ClaimedDelivery,
  type RecordedAttempt,
  vacuumDeliveries,
} from "../../storage/repositories/webhook-deliveries.js";
import type { Sql } from "../../storage/sql.js";
import type { Clock } from "../clock.js";
import { announceExpiredKeys } from "../events/announce-expired-keys.js";
import { deliverOnce, type DeliverySettings } from "./deliver-once.js";
import { onDeliveriesCommitted } from "./outbox-wake.js";
import type { Metrics } from "../../observability/metrics.js";

/** Longer than an attempt can take (10 s timeout): a lease runs out only when its instance died. */
const LEASE_SECONDS = 60;
/** Attempts claimed and not yet recorded, per instance: the most one claim takes. */
export const MAX_IN_FLIGHT = 200;
/**
 * Under load, claims start at most this often, and so do outcome writes while attempts are still
 * running: each statement carries every delivery that came due meanwhile instead of a few. An
 * idle instance claims at once. 100 ms rather than 20 ms cut the worker's database CPU per event
 * by half to two thirds on both stores (docs/performance.md), for at most 100 ms of latency. The
 * embedded store runs each statement on the server's own thread at ≈ 2 ms apiece whatever the
 * batch size, so it waits longer: 250 ms took the cost of three endpoints per key creation from
 * ≈ 18 % to ≈ 10 % of the creation throughput, for ≈ 0.2 s at p99; on PostgreSQL 250 ms bought
 * nothing measurable. GLOSSA_WEBHOOK_BATCH_MS overrides both.
 */
export const BATCH_WINDOW_MS: Readonly<Record<Sql["dialect"], number>> = { postgres: 100, pglite: 250 };
/** Recorded attempts between two VACUUMs of the delivery table by one instance (see vacuumDeliveries). */
export const VACUUM_EVERY = 20_000;
/** The metrics outcome of an attempt: a pending delivery will be tried again. */
const DELIVERY_OUTCOME = { succeeded: "succeeded", pending: "retrying", failed: "failed" } as const;

/** How often an instance looks for keys that expired since (key.expired). */
const EXPIRY_CHECK_MS = 2_000;

export interface DeliveryWorker {
  start(): void;
  /** Stops claiming, waits for the attempts under way and records them. */
  stop(): Promise<void>;
  /** Looks for due deliveries now (a commit on this instance, the poll, a test). */
  wake(): void;
}

/**
 * Every instance runs one. It claims due deliveries in batches with a lease (SKIP LOCKED: no two
 * instances take the same delivery, and none waits for another), sends each at once, all
 * concurrently, and records the outcomes in batches. It looks when a commit on this instance wrote
 * deliveries (outbox-wake.ts) and every `pollMs` (retries coming due, other instances' events, a
 * delivery whose instance died). A crash before an outcome is recorded leaves the lease to run
 * out, and the delivery is sent again: at least once.
 */
export function deliveryWorker(
  sql: Sql,
  settings: DeliverySettings & {
    pollMs: number;
    clock: Clock;
    batchWindowMs?: number;
    vacuumEvery?: number;
    /** Counts attempts by outcome (docs/metrics.md). */
    metrics?: Metrics | undefined;
  },
  onError: (error: unknown) => void,
): DeliveryWorker {
  const batchWindowMs = settings.batchWindowMs ?? BATCH_WINDOW_MS[sql.dialect];
  let stopped = true;
  let unsubscribe = () => {};
  let pollTimer: NodeJS.Timeout | undefined;
  let lastExpiryCheck = 0;
  let expiryCheck: Promise<void> | undefined;

  // Claiming: one claim at a time, at most one per BATCH_WINDOW_MS.
  let claimWanted = false;
  let claiming: Promise<void> | undefined;
  let claimTimer: NodeJS.Timeout | undefined;
  let lastClaimAt = -Infinity;
  /** Claimed and not yet recorded. */
  let inFlight = 0;

  // Sending and recording.
  const running = new Set<Promise<void>>();
  const finished: RecordedAttempt[] = [];
  let recording: Promise<void> | undefined;
  let recordTimer: NodeJS.Timeout | undefined;
  /** The window since the first unrecorded outcome has passed: write even if attempts still run. */
  let recordDue = false;
  let recordedSinceVacuum = 0;
  let vacuuming: Promise<void> | undefined;

  const pumpClaims = (): void => {
    if (stopped || !claimWanted || claiming || claimTimer || inFlight >= MAX_IN_FLIGHT) return;
    const wait = lastClaimAt + batchWindowMs - performance.now();
    if (wait > 0) {
      claimTimer = setTimeout(() => {
        claimTimer = undefined;
        pumpClaims();
      }, wait);
      return;
    }
    claimWanted = false;
    lastClaimAt = performance.now();
    const limit = MAX_IN_FLIGHT - inFlight;
    claiming = claimDueDeliveries(sql, limit, LEASE_SECONDS)
      .then((claimed) => {
        for (const delivery of claimed) send(delivery);
        // A full claim means more may be due.
        if (claimed.length === limit) claimWanted = true;
      })
      .catch(onError)
      .finally(() => {
        claiming = undefined;
        pumpClaims();
      });
  };

  const send = (delivery: ClaimedDelivery): void => {
    inFlight++;
    const attempt = deliverOnce(delivery, settings).then(
      (outcome) => {
        running.delete(attempt);
        settings.metrics?.webhookDelivery(DELIVERY_OUTCOME[outcome.status]);
        finished.push({ id: delivery.id, webhookId: delivery.webhookId, outcome });
        pumpRecords();
      },
      (error: unknown) => {
        // deliverOnce records every failure as an outcome; this is a bug. The lease runs out.
        running.delete(attempt);
        inFlight--;
        onError(error);
      },
    );
    running.add(attempt);
  };

  /**
   * Writes finished outcomes in one statement: as soon as no attempt is running, otherwise
   * BATCH_WINDOW_MS after the first of them finished, so that slower attempts join the batch
   * without holding the others' leases long.
   */
  const pumpRecords = (): void => {
    if (recording || finished.length === 0) return;
    if (running.size > 0 && !recordDue) {
      recordTimer ??= setTimeout(() => {
        recordTimer = undefined;
        recordDue = true;
        pumpRecords();
      }, batchWindowMs);
      return;
    }
    clearTimeout(recordTimer);
    recordTimer = undefined;
    recordDue = false;
    const batch = finished.splice(0);
    recording = recordAttempts(sql, batch)
      .then(() => {
        recordedSinceVacuum += batch.length;
        if (recordedSinceVacuum >= (settings.vacuumEvery ?? VACUUM_EVERY) && !vacuuming) {
          recordedSinceVacuum = 0;
          vacuuming = vacuumDeliveries(sql)
            .catch(onError)
            .finally(() => (vacuuming = undefined));
        }
      })
      // Unrecorded, the deliveries stay leased and go out again once the lease runs out.
      .catch(onError)
      .finally(() => {
        recording = undefined;
        inFlight -= batch.length;
        pumpRecords();
        pumpClaims();
      });
  };

  const wake = (): void => {
    claimWanted = true;
    pumpClaims();
  };

  const poll = (): void => {
    if (stopped) return;
    if (!expiryCheck && Date.now() - lastExpiryCheck >= EXPIRY_CHECK_MS) {
      lastExpiryCheck = Date.now();
      expiryCheck = announceExpiredKeys(sql, settings.clock())
        .then(() => undefined, onError)
        .finally(() => (expiryCheck = undefined));
    }
    wake();
    pollTimer = setTimeout(poll, settings.pollMs);
    pollTimer.unref();
  };

  return {
    wake,
    start() {
      if (!stopped) return;
      stopped = false;
      unsubscribe = onDeliveriesCommitted(wake);
      pollTimer = setTimeout(poll, settings.pollMs);
      pollTimer.unref();
    },
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(pollTimer);
      clearTimeout(claimTimer);
      claimTimer = undefined;
      await Promise.all([claiming, expiryCheck]);
      while (running.size > 0) await Promise.all(running);
      while (recording || finished.length > 0) {
        pumpRecords();
        await recording;
      }
      await vacuuming;
    },
  };
}
