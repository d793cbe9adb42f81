import { setImmediate as nextTurn } from "node:timers/promises";

/**
 * Maps `items` with at most `limit` calls in flight; results keep input order. The first
 * failure rejects, and no further item is started after it. Every item but the first waits for
 * a turn of the event loop: a provider that answers synchronously (pseudo, memory hits) would
 * otherwise run a whole large request in one piece while other callers wait, and a request of
 * one item (most requests) pays no turn at all.
 */
export async function mapConcurrent<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  // One item (most requests): no workers, no shared iterator.
  if (items.length === 1) return [await work(items[0]!, 0)];
  const results = new Array<R>(items.length);
  // The workers share one iterator, so each item is taken by exactly one of them.
  const queue = items.entries();
  let failed = false;
  let started = 0;
  const worker = async () => {
    for (const [index, item] of queue) {
      if (started++ > 0) await nextTurn();
      if (failed) return;
      try {
        results[index] = await work(item, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
