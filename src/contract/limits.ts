import { Type, type Static } from "typebox";
import { Nullable, OneOf, Timestamp } from "./fields.js";
import { perCounter, USAGE_COUNTERS } from "./usage-counters.js";
import { USAGE_PROTOCOLS } from "./vocabulary.js";

/** Rate limits, monthly character quotas and usage (docs/usage-and-limits.md). */

export const RateLimit = Type.Object(
  {
    requests: Type.Integer({ minimum: 1, maximum: 1_000_000_000, description: "requests admitted per window" }),
    windowSeconds: Type.Integer({
      minimum: 1,
      maximum: 86_400,
      description: "the fixed window, in seconds (at most a day)",
    }),
  },
  { title: "RateLimit", description: "At most `requests` calls per `windowSeconds`, per key, across instances." },
);
export type RateLimit = Static<typeof RateLimit>;

export const NullableRateLimit = Nullable(RateLimit);

/** A monthly character count: `limit` null = unlimited. */
export const CharacterCount = Type.Object({
  limit: Nullable(Type.Integer({ minimum: 0 })),
  used: Type.Integer({ minimum: 0 }),
});

export const CharacterLimit = Type.Integer({ minimum: 0, maximum: 1_000_000_000_000 });

export const KeyLimitsView = Type.Object(
  {
    rateLimit: Nullable(RateLimit, {
      description: "the key's own limit or the organization default; null = unlimited",
    }),
    monthlyCharacters: Type.Object({
      limit: Nullable(Type.Integer(), {
        description: "the tighter of the organization's quota and the key's limit; null = unlimited",
      }),
      used: Type.Integer({ description: "characters counted this month against `limit`" }),
      resetsAt: Timestamp,
      organization: CharacterCount,
      key: CharacterCount,
    }),
  },
  { title: "KeyLimits", description: "The limits in force for the key and this month's character counts." },
);
export type KeyLimitsView = Static<typeof KeyLimitsView>;

export const UsageCsv = Type.String({ description: "text/csv: a header line, then one line per row" });

export const Day = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$", description: "a UTC day, YYYY-MM-DD" });

export const UsageProtocolSchema = OneOf(USAGE_PROTOCOLS, {
  description: "the API the calls came through: glossa, mcp, deepl or libretranslate",
});

const UsageGroupBy = (options: { description?: string } = {}) =>
  Type.Union([Type.Literal("day"), Type.Literal("key"), Type.Literal("engine"), Type.Literal("protocol")], options);

export const UsageQuery = Type.Object({
  from: Type.Optional(Day),
  to: Type.Optional(Day),
  groupBy: Type.Optional(UsageGroupBy({ description: "day when omitted" })),
});
export type UsageQuery = Static<typeof UsageQuery>;

const Counts = {
  ...perCounter((name) => Type.Integer({ description: USAGE_COUNTERS[name].description })),
  errors: Type.Record(Type.String(), Type.Integer(), { description: "error responses by `code`" }),
};

export const UsageRowSchema = Type.Object(
  {
    day: Type.Optional(Day),
    keyId: Type.Optional(Type.String()),
    engineId: Type.Optional(Nullable(Type.String(), { description: "null: calls that named no engine (e.g. whoami)" })),
    protocol: Type.Optional(UsageProtocolSchema),
    ...Counts,
  },
  { title: "UsageRow" },
);

export const UsageReport = Type.Object(
  {
    from: Day,
    to: Day,
    groupBy: UsageGroupBy(),
    rows: Type.Array(UsageRowSchema),
    totals: Type.Object(Counts),
  },
  {
    title: "UsageReport",
    description: "Usage per UTC day, key, engine or protocol; members see their own personal keys only.",
  },
);
export type UsageReport = Static<typeof UsageReport>;
