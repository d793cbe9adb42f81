/** A prom-client metric with labels: `labels(...)` gives the child of one label set. */
interface Labelled<Child> {
  labels(...values: string[]): Child;
}

type Children<Metrics extends readonly Labelled<unknown>[]> = {
  [Index in keyof Metrics]: Metrics[Index] extends Labelled<infer Child> ? Child : never;
};

type Lookup = (values: readonly string[], depth: number) => unknown[];

/** Nested maps, one level per label: the label values are never joined into a key string. */
function nestedCache(make: (values: readonly string[]) => unknown[], arity: number): Lookup {
  const root = new Map<string, unknown>();
  return (values) => {
    let level = root;
    for (let index = 0; index < arity - 1; index++) {
      const value = values[index]!;
      let next = level.get(value) as Map<string, unknown> | undefined;
      if (!next) level.set(value, (next = new Map()));
      level = next;
    }
    const last = values[arity - 1]!;
    let children = level.get(last) as unknown[] | undefined;
    if (!children) level.set(last, (children = make(values)));
    return children;
  };
}

function cached<const Metrics extends readonly Labelled<unknown>[]>(metrics: Metrics, arity: number): Lookup {
  return nestedCache((values) => metrics.map((metric) => metric.labels(...values)), arity);
}

/**
 * The children of one or more metrics that share their label names, made once per label set and
 * found again through nested maps: no label object and no key string per event.
 */
export function cachedChildren1<const Metrics extends readonly Labelled<unknown>[]>(
  ...metrics: Metrics
): (a: string) => Children<Metrics> {
  const lookup = cached(metrics, 1);
  return (a) => lookup([a], 1) as Children<Metrics>;
}

export function cachedChildren2<const Metrics extends readonly Labelled<unknown>[]>(
  ...metrics: Metrics
): (a: string, b: string) => Children<Metrics> {
  const lookup = cached(metrics, 2);
  return (a, b) => lookup([a, b], 2) as Children<Metrics>;
}

export function cachedChildren3<const Metrics extends readonly Labelled<unknown>[]>(
  ...metrics: Metrics
): (a: string, b: string, c: string) => Children<Metrics> {
  const lookup = cached(metrics, 3);
  return (a, b, c) => lookup([a, b, c], 3) as Children<Metrics>;
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
