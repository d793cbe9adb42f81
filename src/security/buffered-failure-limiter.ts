import type { AppError } from "../core/errors/app-error.js";
import { hasReachedLimit, isOverLimit, shouldWrite, type FailureTally } from "../core/limits/failure-lease.js";
import { addAuthFailures, countAuthFailures } from "../storage/repositories/auth-failures.js";
import type { Sql } from "../storage/sql.js";
import { limitedError, windowOf, type FailureLimiter } from "./auth-failure-limiter.js";

interface Entry extends FailureTally {
  windowStart: number;
  /** The entry's writes run one after another: a returned total then never holds a write still counted in `writing`. */
  writes: Promise<void>;
}

/** Entries kept in memory at most; past it, finished windows are dropped first. */
const MAX_ENTRIES = 100_000;

/**
 * Failed API-key authentications per client address, limited across instances like
 * AuthFailureLimiter but counted in memory and written in leases (src/core/limits/failure-lease.ts):
 * one read per client and window, then one write per lease instead of one per failure, and none
 * at all once the client is past its limit. `flush()` (on a timer, and on close) writes the rest.
 */
export class BufferedFailureLimiter implements FailureLimiter {
  private readonly entries = new Map<string, Entry>();
  /** First failures of a client being looked up, so that concurrent ones share one read and one entry. */
  private readonly loading = new Map<string, Promise<Entry>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly sql: Sql,
    private readonly limitPerMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  start(flushEveryMs: number, onError: (error: unknown) => void): void {
    this.timer = setInterval(() => void this.flush().catch(onError), flushEveryMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private entryFor(client: string, windowStart: number): Promise<Entry> {
    const known = this.entries.get(client);
    if (known && known.windowStart === windowStart) return Promise.resolve(known);
    const key = `${windowStart} ${client}`;
    let loading = this.loading.get(key);
    if (!loading) {
      loading = this.load(client, windowStart, known).finally(() => this.loading.delete(key));
      this.loading.set(key, loading);
    }
    return loading;
  }

  private async load(client: string, windowStart: number, previous: Entry | undefined): Promise<Entry> {
    if (previous && previous.pending > 0) await this.write(client, previous);
    if (this.entries.size >= MAX_ENTRIES) this.dropFinishedWindows(windowStart);
    const shared = await countAuthFailures(this.sql, client, new Date(windowStart));
    const entry: Entry = { windowStart, shared, writing: 0, pending: 0, writes: Promise.resolve() };
    this.entries.set(client, entry);
    return entry;
  }

  private write(client: string, entry: Entry): Promise<void> {
    const written = entry.writes.then(() => this.writeNow(client, entry));
    entry.writes = written.catch(() => undefined);
    return written;
  }

  private async writeNow(client: string, entry: Entry): Promise<void> {
    const pending = entry.pending;
    if (pending === 0) return;
    entry.pending = 0;
    entry.writing += pending;
    try {
      entry.shared = await addAuthFailures(this.sql, client, new Date(entry.windowStart), pending);
    } catch (error) {
      entry.pending += pending;
      throw error;
    } finally {
      entry.writing -= pending;
    }
  }

  private dropFinishedWindows(current: number): void {
    for (const [client, entry] of this.entries) if (entry.windowStart < current) this.entries.delete(client);
  }

  async fail(client: string, failure: AppError): Promise<AppError> {
    const { start, retryAfterSeconds } = windowOf(this.now());
    const entry = await this.entryFor(client, start.getTime());
    if (hasReachedLimit(entry, this.limitPerMinute)) return limitedError(retryAfterSeconds);
    entry.pending++;
    if (shouldWrite(entry, this.limitPerMinute)) await this.write(client, entry);
    return isOverLimit(entry, this.limitPerMinute) ? limitedError(retryAfterSeconds) : failure;
  }

  /** Writes every pending count, and forgets the windows that have ended. */
  async flush(): Promise<void> {
    const current = windowOf(this.now()).start.getTime();
    for (const [client, entry] of [...this.entries]) {
      await this.write(client, entry);
      if (entry.windowStart < current) this.entries.delete(client);
    }
  }
}
