import type { KeyId } from "../contract/ids.js";
import { recordKeysLastUsed } from "../storage/repositories/api-keys.js";
import type { Sql } from "../storage/sql.js";

/**
 * Coalesces `lastUsedAt` updates: calls record in memory, a timer writes them all in one
 * statement. `lastUsedAt` is informational, so losing at most one interval on a crash is
 * acceptable; it is never consulted for authorization.
 */
export class LastUsedTracker {
  /** Key id → when it was last used (epoch milliseconds: no Date object per call). */
  private pending = new Map<KeyId, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly sql: Sql,
    private readonly onError: (error: unknown) => void,
  ) {}

  record(keyId: KeyId, at: number = Date.now()): void {
    this.pending.set(keyId, at);
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await recordKeysLastUsed(this.sql, batch);
    } catch (error) {
      for (const [id, at] of batch) if (!this.pending.has(id)) this.pending.set(id, at);
      this.onError(error);
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
