import { hostname } from "node:os";
import { cacheLeaseHolds } from "../../core/keys/cache-lease.js";
import { randomBase62 } from "../../core/keys/random.js";
import {
  acknowledgeEpoch,
  countInstancesBehind,
  releaseInstanceLease,
  renewInstanceLease,
} from "../../storage/repositories/server-instances.js";
import type { Sql } from "../../storage/sql.js";

/** The channel migration 0015's trigger announces a new key-context epoch on. */
export const KEY_CONTEXT_CHANNEL = "glossa_key_context";

export interface CoherenceTiming {
  /** How long a renewal keeps this instance live for the others (by the database's clock). */
  leaseMs: number;
  /** How often the lease is renewed (and the epoch read, should a NOTIFY have been lost). */
  renewMs: number;
  /** This instance stops answering from its caches this long before its lease could lapse. */
  marginMs: number;
}

export const COHERENCE_TIMING: CoherenceTiming = { leaseMs: 3_000, renewMs: 1_000, marginMs: 500 };

/**
 * Keeps this instance's in-memory caches (key contexts, remembered translations) coherent with
 * the database across instances (migration 0015). A cache may answer only while `usable()`;
 * whatever a cache loads is kept only if `generation` did not move while it was loading.
 */
export class CacheCoherence {
  readonly instanceId = `${hostname()}:${process.pid}:${randomBase62(8)}`;
  private epoch = -1;
  private renewalSentAt: number | null = null;
  private clears = 0;
  private readonly listeners: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private renewing: Promise<void> | null = null;
  private connectionLosses = 0;

  constructor(
    private readonly sql: Sql,
    private readonly onError: (error: unknown, message: string) => void,
    private readonly timing: CoherenceTiming = COHERENCE_TIMING,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Changes every time the caches are dropped. */
  get generation(): number {
    return this.clears;
  }

  usable(): boolean {
    return cacheLeaseHolds(this.renewalSentAt, this.now(), this.timing);
  }

  /** Called (synchronously) whenever the caches must be dropped. */
  onClear(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Drops every cache now (a change was announced, or cached counts went stale). */
  clear(): void {
    this.clears++;
    for (const listener of this.listeners) listener();
  }

  async start(): Promise<void> {
    try {
      this.unlisten = await this.sql.listen?.(
        KEY_CONTEXT_CHANNEL,
        (payload) => this.announced(Number(payload)),
        (up) => this.listenerConnection(up),
      );
    } catch (error) {
      // Renewals still read the epoch every `renewMs`: slower to converge, never incoherent.
      this.onError(error, "could not listen for key-context changes");
    }
    await this.renew();
    this.timer = setInterval(() => void this.renew(), this.timing.renewMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.renewalSentAt = null;
    await this.renewing;
    await this.unlisten?.().catch(() => {});
    await releaseInstanceLease(this.sql, this.instanceId).catch((error: unknown) =>
      this.onError(error, "could not release the cache lease"),
    );
  }

  /** Renews the lease, drops the caches if the epoch moved, and only then counts the lease as held. */
  renew(): Promise<void> {
    this.renewing ??= (async () => {
      const sentAt = this.now();
      const losses = this.connectionLosses;
      try {
        const epoch = await renewInstanceLease(this.sql, this.instanceId, this.epoch);
        await this.advance(epoch);
        // A renewal sent before the listening connection dropped says nothing about after.
        if (losses === this.connectionLosses) this.renewalSentAt = sentAt;
      } catch (error) {
        this.onError(error, "could not renew the cache lease; answering without caches until it is renewed");
      } finally {
        this.renewing = null;
      }
    })();
    return this.renewing;
  }

  /**
   * The listening connection dropped: changes may go unannounced, and the database may be down
   * (calls must then fail closed, not be answered from memory). Caches answer again after the
   * next renewal that follows its return.
   */
  private listenerConnection(up: boolean): void {
    if (up) {
      // After any renewal already under way (sent before the connection returned).
      void (this.renewing ?? Promise.resolve()).then(() => this.renew());
      return;
    }
    this.connectionLosses++;
    this.renewalSentAt = null;
    this.clear();
  }

  private announced(epoch: number): void {
    if (!Number.isSafeInteger(epoch)) return;
    void this.advance(epoch).catch((error: unknown) =>
      this.onError(error, "could not acknowledge a key-context change"),
    );
  }

  private async advance(epoch: number): Promise<void> {
    if (epoch <= this.epoch) return;
    this.clear();
    this.epoch = epoch;
    await acknowledgeEpoch(this.sql, this.instanceId, epoch);
  }
}

/**
 * Returns once every instance with a live lease has dropped its caches for every change
 * committed so far; a changing call awaits it before it answers, so the change is in force for
 * every call that starts afterwards, on every instance. Instances whose lease lapses meanwhile
 * stop using their caches by themselves, so the wait ends within one lease.
 */
export async function awaitCachesCoherent(sql: Sql, timing: CoherenceTiming = COHERENCE_TIMING): Promise<void> {
  const deadline = performance.now() + timing.leaseMs + timing.renewMs;
  let pause = 1;
  let epoch: number | null = null;
  for (;;) {
    const progress = await countInstancesBehind(sql, timing.leaseMs, epoch);
    if (progress.behind === 0 || performance.now() > deadline) return;
    epoch = progress.epoch;
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 2, 50);
  }
}
