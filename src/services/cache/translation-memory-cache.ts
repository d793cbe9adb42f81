import type { TranslationMemory } from "../../engines/pipeline/translation-memory.js";
import type { MemoryScope } from "../../storage/repositories/translation-memory.js";
import type { CacheCoherence } from "./cache-coherence.js";

interface Remembered {
  targetText: string;
  model: string | null;
}

/**
 * Remembered translations kept in memory, so a translation-memory hit costs no database round
 * trip. An entry is addressed by engine, configuration fingerprint, locales and source text, so
 * a changed configuration never meets an old entry; a cleared memory reaches every instance
 * through `CacheCoherence` (its delete moves the epoch). Oldest entries leave first.
 */
export class TranslationMemoryCache {
  private readonly entries = new Map<string, Remembered>();
  /**
   * Walks the entries oldest first, across evictions: a fresh iterator per eviction would step
   * over every slot the evictions before it left behind in the Map (until it is rehashed), which
   * made a full cache cost microseconds per stored string.
   */
  private oldest: MapIterator<[string, Remembered]> = this.entries.entries();
  private characters = 0;

  constructor(
    private readonly coherence: CacheCoherence,
    private readonly limits: { maxEntries: number; maxCharacters: number },
  ) {
    coherence.onClear(() => {
      this.entries.clear();
      this.oldest = this.entries.entries();
      this.characters = 0;
    });
  }

  /** `memory`, answered from here where possible, keeping what it reads and stores. */
  around(scope: MemoryScope, memory: TranslationMemory): TranslationMemory {
    const prefix = `${scope.engineId}\x1f${scope.fingerprint}\x1f${scope.sourceLocale}\x1f${scope.targetLocale}\x1f`;
    return {
      lookup: async (hashes) => {
        if (!this.coherence.usable()) return memory.lookup(hashes);
        const found = new Map<string, Remembered>();
        const missing: string[] = [];
        for (const hash of hashes) {
          const entry = this.entries.get(prefix + hash);
          if (entry) found.set(hash, entry);
          else missing.push(hash);
        }
        if (missing.length === 0) return found;
        const generation = this.coherence.generation;
        const read = await memory.lookup(missing);
        const keep = generation === this.coherence.generation && this.coherence.usable();
        for (const [hash, entry] of read) {
          found.set(hash, entry);
          if (keep) this.keep(prefix + hash, entry);
        }
        return found;
      },
      store: async (stored) => {
        const generation = this.coherence.generation;
        await memory.store(stored);
        if (generation !== this.coherence.generation || !this.coherence.usable()) return;
        for (const entry of stored)
          this.keep(prefix + entry.sourceHash, { targetText: entry.targetText, model: entry.model });
      },
      // Similar texts are asked of the database, which sees every instance's entries.
      ...(memory.nearMatches ? { nearMatches: memory.nearMatches.bind(memory) } : {}),
    };
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(id: string, entry: Remembered): void {
    const size = entry.targetText.length;
    if (size > this.limits.maxCharacters / 100) return;
    const previous = this.entries.get(id);
    if (previous) {
      this.characters -= previous.targetText.length;
      this.entries.delete(id);
    }
    while (
      this.entries.size > 0 &&
      (this.entries.size >= this.limits.maxEntries || this.characters + size > this.limits.maxCharacters)
    ) {
      let next = this.oldest.next();
      if (next.done) next = (this.oldest = this.entries.entries()).next();
      const [oldestId, oldest] = next.value!;
      this.entries.delete(oldestId);
      this.characters -= oldest.targetText.length;
    }
    this.entries.set(id, entry);
    this.characters += size;
  }
}
