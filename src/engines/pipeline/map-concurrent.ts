import { setImmediate as nextTurn } from "node:timers/promises";

/**
 * Maps `items` with at most `limit` calls in flight; results keep input order. The first
 * failure rejects, and no further item is started after it. Each worker yields to the event
 * loop between items: a provider that answers synchronously (pseudo, memory hits) would
 * otherwise run a whole large request in one piece while other callers wait.
 */
export async function mapConcurrent<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  // The workers share one iterator, so each item is taken by exactly one of them.
  const queue = items.entries();
  let failed = false;
  const worker = async () => {
    for (const [index, item] of queue) {
      if (failed) return;
      try {
        results[index] = await work(item, index);
        await nextTurn();
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
