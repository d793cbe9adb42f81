import type { TranslationMemory } from "../../engines/pipeline/translation-memory.js";
import { NEAR_MATCH_LOOKUPS_AT_ONCE, type NearMatch } from "../../core/engines/near-matches.js";
import { DeadlineLane } from "./deadline-lane.js";
import { nearMatchesIn } from "./near-match-lookup.js";
import {
  lookupTranslationsByKey,
  memoryLookupKey,
  storeTranslationEntries,
  type MemoryScope,
  type Remembered,
  type ScopedMemoryEntry,
} from "../../storage/repositories/translation-memory.js";
import type { Sql } from "../../storage/sql.js";

export interface MemoryBatcherLimits {
  /** Most lookup keys in one statement (a single larger lookup is still sent whole). */
  maxLookupKeys: number;
  /** Most entries in one store statement. */
  maxStoreEntries: number;
  /** Most entries waiting to be written; a call that would exceed it waits for the write in progress. */
  maxPending: number;
  /**
   * A write waits until no call handed over entries or asked for a lookup for this long, so that it
   * does not run in the middle of a burst of answers ...
   */
  quietMs: number;
  /** ... but never longer than this after the oldest entry waiting arrived (or half `maxPending` waiting). */
  maxDelayMs: number;
}

/**
 * On the embedded store a statement runs on the server's own thread: a 200-row write takes tens of
 * milliseconds there, and nothing else runs meanwhile, so statements stay that size.
 */
export const MEMORY_BATCHER_LIMITS: MemoryBatcherLimits = {
  maxLookupKeys: 1000,
  maxStoreEntries: 200,
  maxPending: 20_000,
  quietMs: 100,
  maxDelayMs: 2000,
};

interface WaitingLookup {
  keys: readonly string[];
  resolve(found: Map<string, Remembered>): void;
  reject(error: unknown): void;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The translation memory of every call of this instance, in few statements: a call's lookup goes
 * out on the next turn of the event loop together with every lookup asked for in this one (calls
 * whose requests were read together), or, when a lookup is in flight, after it with every lookup
 * that arrived meanwhile, as one statement; fresh translations are written after the call answered
 * (write-behind), those of all calls that finished meanwhile in one statement, once the calls have
 * been quiet for `quietMs` (at most `maxDelayMs` after the oldest waiting entry arrived): a write
 * costs the server's thread (all of it on the embedded store), and in a burst of answers that time
 * would delay every answer still to come. A memory entry is a
 * cache, so a write that fails is reported and dropped, and one that a crash prevents costs one
 * more provider call later. Entries waiting to be written are served to this instance's lookups;
 * at most `maxPending` wait (then a call waits for the write in progress); `stop()` writes them all.
 */
export class TranslationMemoryBatcher {
  private readonly waiting: WaitingLookup[] = [];
  /** The lookups in progress (a loop over every waiting lookup); the writer lets them go first. */
  private reading: Promise<void> | null = null;
  /** Entries not yet written (by lookup key); `inFlight` those the current statement is writing. */
  private pending = new Map<string, ScopedMemoryEntry>();
  private inFlight = new Map<string, ScopedMemoryEntry>();
  private writing: Promise<void> | null = null;
  /** When a call last handed over entries or asked for a lookup, and when the oldest waiting entry arrived. */
  private lastActivity = 0;
  private pendingSince = 0;
  /** Flushes in progress: while any is, what waits is written without waiting for quiet. */
  private flushing = 0;
  /** The instance's near-match lookups, one at a time, each within its call's budget. */
  private readonly nearMatchLane = new DeadlineLane(NEAR_MATCH_LOOKUPS_AT_ONCE);

  constructor(
    private readonly sql: Sql,
    private readonly onError: (error: unknown) => void,
    private readonly limits: MemoryBatcherLimits = MEMORY_BATCHER_LIMITS,
  ) {}

  /** The memory of one engine configuration and locale pair, through this batcher. */
  memory(scope: MemoryScope): TranslationMemory {
    // One call looks its strings up, then stores those it translated: each key is worked out once.
    const keys = new Map<string, string>();
    const keyOf = (hash: string) => {
      let key = keys.get(hash);
      if (key === undefined) keys.set(hash, (key = memoryLookupKey(scope, hash)));
      return key;
    };
    return {
      lookup: async (hashes) => {
        const keyed = hashes.map((hash) => [keyOf(hash), hash] as const);
        const found = await this.lookup(keyed.map(([key]) => key));
        const byHash = new Map<string, Remembered>();
        for (const [key, hash] of keyed) {
          const hit = found.get(key);
          if (hit) byHash.set(hash, hit);
        }
        return byHash;
      },
      store: (entries) =>
        this.store(
          entries.map((entry) => ({
            sourceHash: entry.sourceHash,
            sourceText: entry.sourceText,
            targetText: entry.targetText,
            model: entry.model,
            scope,
            lookupKey: keyOf(entry.sourceHash),
          })),
        ),
      // Near matches only help: a lookup that fails is reported and the strings go without them.
      nearMatches: (texts, deadline) =>
        nearMatchesIn(this.sql, scope, texts, deadline, this.nearMatchLane).catch((error: unknown) => {
          this.onError(new Error("near matches were not looked up", { cause: error }));
          return new Map<string, NearMatch[]>();
        }),
    };
  }

  /** Stored (or waiting to be stored) translations among `keys`, by lookup key. */
  lookup(keys: readonly string[]): Promise<Map<string, Remembered>> {
    this.lastActivity = performance.now();
    const found = new Map<string, Remembered>();
    const missing: string[] = [];
    for (const key of keys) {
      const waiting = this.pending.get(key) ?? this.inFlight.get(key);
      if (waiting) found.set(key, { targetText: waiting.targetText, model: waiting.model });
      else missing.push(key);
    }
    if (missing.length === 0) return Promise.resolve(found);
    return new Promise<Map<string, Remembered>>((resolve, reject) => {
      this.waiting.push({ keys: missing, resolve, reject });
      this.reading ??= this.read();
    }).then((read) => {
      for (const [key, hit] of read) found.set(key, hit);
      return found;
    });
  }

  /** Queues `entries` for writing; resolves once queued (waiting first while the queue is full). */
  async store(entries: readonly ScopedMemoryEntry[]): Promise<void> {
    if (entries.length === 0) return;
    while (this.pending.size > 0 && this.pending.size + entries.length > this.limits.maxPending && this.writing)
      await this.writing;
    this.lastActivity = performance.now();
    if (this.pending.size === 0) this.pendingSince = this.lastActivity;
    for (const entry of entries) {
      this.pending.delete(entry.lookupKey); // the newest goes to the end, and wins
      this.pending.set(entry.lookupKey, entry);
    }
    this.writing ??= this.write();
  }

  /** Entries waiting to be written (for tests and shutdown). */
  get pendingEntries(): number {
    return this.pending.size + this.inFlight.size;
  }

  /** Resolves once every entry queued so far was written (or failed and was reported). */
  async flush(): Promise<void> {
    this.flushing++;
    try {
      while (this.writing) await this.writing;
    } finally {
      this.flushing--;
    }
  }

  /** Resolves when the next statement may go: calls quiet, or entries waited long enough, or a flush. */
  private async quiet(): Promise<void> {
    for (;;) {
      if (this.flushing > 0 || this.pending.size * 2 >= this.limits.maxPending) return;
      const now = performance.now();
      const overdue = this.pendingSince + this.limits.maxDelayMs - now;
      const wait = Math.min(this.lastActivity + this.limits.quietMs - now, overdue);
      if (overdue <= 0) return;
      if (wait > 0) {
        await sleep(Math.max(1, Math.ceil(wait)));
        continue;
      }
      // Timers run before the network's events in a turn of the loop: after a pause of the whole
      // process (a busy host), answers may be waiting to be read. Quiet only if none came.
      const seen = this.lastActivity;
      await nextTurn();
      await nextTurn();
      if (this.lastActivity === seen) return;
    }
  }

  private async read(): Promise<void> {
    try {
      // The embedded store answers a lookup before the next request is even parsed: without this
      // turn, calls that arrive in one burst would never share a statement there.
      await nextTurn();
      while (this.waiting.length > 0) {
        const batch: WaitingLookup[] = [];
        let size = 0;
        while (
          this.waiting.length > 0 &&
          (batch.length === 0 || size + this.waiting[0]!.keys.length <= this.limits.maxLookupKeys)
        ) {
          const next = this.waiting.shift()!;
          size += next.keys.length;
          batch.push(next);
        }
        try {
          const keys = batch.length === 1 ? batch[0]!.keys : [...new Set(batch.flatMap((lookup) => lookup.keys))];
          const found = await lookupTranslationsByKey(this.sql, keys);
          for (const lookup of batch) lookup.resolve(found);
        } catch (error) {
          for (const lookup of batch) lookup.reject(error);
        }
      }
    } finally {
      this.reading = null;
    }
  }

  private async write(): Promise<void> {
    try {
      // Calls that finish in the same turn of the event loop go out together.
      await nextTurn();
      while (this.pending.size > 0) {
        await this.quiet();
        // Lookups hold up answers, writes do not: waiting lookups go first.
        while (this.reading) await this.reading;
        const batch: ScopedMemoryEntry[] = [];
        for (const [key, entry] of this.pending) {
          if (batch.length >= this.limits.maxStoreEntries) break;
          batch.push(entry);
          this.pending.delete(key);
          this.inFlight.set(key, entry);
        }
        try {
          await storeTranslationEntries(this.sql, batch);
        } catch (error) {
          this.onError(error);
        } finally {
          this.inFlight.clear();
        }
      }
    } finally {
      this.writing = null;
    }
  }
}
