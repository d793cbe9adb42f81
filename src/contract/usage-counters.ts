/**
 * The usage counters (docs/usage-and-limits.md#usage-analytics): each is counted per call, summed per key, engine,
 * protocol and UTC day in its own `usage_daily` column, and reported under its name. Everything that
 * lists counters — the recorder, its flush, the report query, totals, CSV, the report schema — reads
 * this list, so a new counter is one line here plus a migration adding its column. Error counts per
 * `code` are kept beside them as one JSON column, since their keys are open.
 */
export const USAGE_COUNTERS = {
  requests: { column: "requests", description: "calls made" },
  characters: {
    column: "characters",
    description: "characters counted against the monthly quota (failed calls give theirs back)",
  },
  inputTokens: { column: "input_tokens", description: "tokens the LLM engines read" },
  outputTokens: { column: "output_tokens", description: "tokens the LLM engines wrote" },
  memoryHits: { column: "memory_hits", description: "strings served from the translation memory (exact hits)" },
  nearMatches: {
    column: "near_matches",
    description: "strings the memory missed, translated with similar remembered translations as examples (LLM engines)",
  },
  memoryMisses: { column: "memory_misses", description: "the other strings the memory missed" },
} as const satisfies Record<string, { column: string; description: string }>;

export type UsageCounter = keyof typeof USAGE_COUNTERS;

/** The counters in their report and CSV order. */
export const USAGE_COUNTER_NAMES = Object.keys(USAGE_COUNTERS) as UsageCounter[];

export type UsageCounterValues = Record<UsageCounter, number>;

/** One value per counter, built by `valueOf(name)`, keys in list order. */
export function perCounter<T>(valueOf: (name: UsageCounter) => T): Record<UsageCounter, T> {
  return Object.fromEntries(USAGE_COUNTER_NAMES.map((name) => [name, valueOf(name)])) as Record<UsageCounter, T>;
}
