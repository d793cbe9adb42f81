/** A prom-client metric with labels: `labels(...)` gives the child of one label set. */
interface Labelled<Child> {
  labels(...values: string[]): Child;
}

type Children<Metrics extends readonly Labelled<unknown>[]> = {
  [Index in keyof Metrics]: Metrics[Index] extends Labelled<infer Child> ? Child : never;
};

function make<Metrics extends readonly Labelled<unknown>[]>(metrics: Metrics, values: string[]): Children<Metrics> {
  return metrics.map((metric) => metric.labels(...values)) as Children<Metrics>;
}

/** The map under `key`, made on first use. */
function inner<Value>(map: Map<string, Map<string, Value>>, key: string): Map<string, Value> {
  let next = map.get(key);
  if (next === undefined) map.set(key, (next = new Map()));
  return next;
}

/**
 * The children of one or more metrics that share their label names, made once per label set and
 * found again through nested maps: no label object, no key string, no array and no closure per event.
 */
export function cachedChildren1<const Metrics extends readonly Labelled<unknown>[]>(
  ...metrics: Metrics
): (a: string) => Children<Metrics> {
  const root = new Map<string, Children<Metrics>>();
  return (a) => {
    let children = root.get(a);
    if (children === undefined) root.set(a, (children = make(metrics, [a])));
    return children;
  };
}

export function cachedChildren2<const Metrics extends readonly Labelled<unknown>[]>(
  ...metrics: Metrics
): (a: string, b: string) => Children<Metrics> {
  const root = new Map<string, Map<string, Children<Metrics>>>();
  return (a, b) => {
    const byB = inner(root, a);
    let children = byB.get(b);
    if (children === undefined) byB.set(b, (children = make(metrics, [a, b])));
    return children;
  };
}

export function cachedChildren3<const Metrics extends readonly Labelled<unknown>[]>(
  ...metrics: Metrics
): (a: string, b: string, c: string) => Children<Metrics> {
  const root = new Map<string, Map<string, Map<string, Children<Metrics>>>>();
  return (a, b, c) => {
    const byC = inner(inner(root, a), b);
    let children = byC.get(c);
    if (children === undefined) byC.set(c, (children = make(metrics, [a, b, c])));
    return children;
  };
}

/**
 * A counter child that adds up in a plain number and hands the sum to prom-client when scraped
 * (`flush`): an increment on the hot path is one addition, not prom-client's label hashing.
 */
export class PendingCount {
  private pending = 0;

  constructor(private readonly child: { inc(value: number): void }) {}

  inc(value = 1): void {
    this.pending += value;
  }

  flush(): void {
    if (this.pending === 0) return;
    this.child.inc(this.pending);
    this.pending = 0;
  }
}

/**
 * The children of a counter as PendingCounts, one per label set, and the `collect` that flushes
 * them all before the counter is read.
 */
export function pendingCounts(): {
  wrap: <Child extends { inc(value: number): void }>(child: Child) => PendingCount;
  flushAll: () => void;
} {
  const all: PendingCount[] = [];
  return {
    wrap: (child) => {
      const count = new PendingCount(child);
      all.push(count);
      return count;
    },
    flushAll: () => {
      for (const count of all) count.flush();
    },
  };
}
