import { cacheEntryFresh } from "../../core/keys/cache-lease.js";
import type { KeyCallContext } from "../../storage/repositories/api-keys.js";
import type { CacheCoherence } from "./cache-coherence.js";

interface Entry {
  context: KeyCallContext;
  loadedAt: number;
}

/**
 * The per-call key lookup (key, owner, role, grants, engine, limits) kept in memory by secret
 * hash and engine, so a call needs no database round trip. Only keys that exist are kept (an
 * unknown key always reaches the database). Coherence: see `CacheCoherence`; the monthly
 * character counts in an entry are refreshed by its short lifetime and by every usage flush.
 */
export class KeyContextCache {
  private readonly entries = new Map<string, Entry>();
  /**
   * Loads in progress: a call that misses while the same key is being loaded, with nothing cleared
   * since that load began, shares it (after a usage flush clears every entry, the calls arriving
   * together would otherwise each read the key).
   */
  private readonly loading = new Map<
    string,
    { generation: number; refreshes: number; promise: Promise<KeyCallContext | null> }
  >();
  private countRefreshes = 0;

  constructor(
    private readonly coherence: CacheCoherence,
    private readonly options: { ttlMs: number; maxEntries: number; now?: () => number },
  ) {
    coherence.onClear(() => this.entries.clear());
  }

  private now(): number {
    return this.options.now?.() ?? performance.now();
  }

  /** A hit answers at once (no promise); a miss loads and keeps what it read if nothing changed meanwhile. */
  lookup(
    secretHash: string,
    engineId: string | null,
    load: () => Promise<KeyCallContext | null>,
  ): KeyCallContext | Promise<KeyCallContext | null> {
    const id = engineId === null ? secretHash : `${secretHash}\n${engineId}`;
    if (this.coherence.usable()) {
      const entry = this.entries.get(id);
      if (entry && cacheEntryFresh(entry.loadedAt, this.now(), this.options.ttlMs)) return entry.context;
    }
    const inFlight = this.loading.get(id);
    if (
      inFlight &&
      inFlight.generation === this.coherence.generation &&
      inFlight.refreshes === this.countRefreshes &&
      this.coherence.usable()
    )
      return inFlight.promise;
    const promise = this.loadAndKeep(id, load);
    const entry = { generation: this.coherence.generation, refreshes: this.countRefreshes, promise };
    this.loading.set(id, entry);
    const done = () => {
      if (this.loading.get(id) === entry) this.loading.delete(id);
    };
    promise.then(done, done);
    return promise;
  }

  private async loadAndKeep(id: string, load: () => Promise<KeyCallContext | null>): Promise<KeyCallContext | null> {
    const generation = this.coherence.generation;
    const refreshes = this.countRefreshes;
    const loadedAt = this.now();
    const context = await load();
    // A change announced while this was loading may not be in what it read: keep nothing then.
    if (
      context &&
      generation === this.coherence.generation &&
      refreshes === this.countRefreshes &&
      this.coherence.usable()
    ) {
      this.entries.delete(id);
      if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(id, { context, loadedAt });
    }
    return context;
  }

  /**
   * The usage recorder wrote this instance's character counts: entries read before hold older
   * counts, which this instance no longer adds its own to.
   */
  refreshCounts(): void {
    this.countRefreshes++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
