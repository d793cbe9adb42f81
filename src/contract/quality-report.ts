import { Type, type Static } from "typebox";
import { IdField, Nullable, OneOf } from "./fields.js";
import { Day } from "./limits.js";
import { QUALITY_SEVERITIES } from "./process.js";

/** Quality findings counted like usage (docs/usage-and-limits.md#quality-findings). */

export const QualityQuery = Type.Object({
  from: Type.Optional(Day),
  to: Type.Optional(Day),
  engineId: Type.Optional(IdField),
});
export type QualityQuery = Static<typeof QualityQuery>;

const Per1000 = Nullable(Type.Number({ minimum: 0 }), {
  description: "findings per 1,000 strings checked, to one decimal; null when no string was checked",
});

export const QualityCheckCount = Type.Object(
  {
    check: Type.String({ description: "the check's id (docs/quality.md)" }),
    severity: OneOf(QUALITY_SEVERITIES),
    findings: Type.Integer({ minimum: 0 }),
    per1000: Per1000,
  },
  { title: "QualityCheckCount" },
);

const Counts = {
  strings: Type.Integer({ minimum: 0, description: "translated strings whose translations were checked" }),
  errors: Type.Integer({ minimum: 0, description: "findings of severity `error`" }),
  warnings: Type.Integer({ minimum: 0, description: "findings of severity `warning`" }),
  per1000: Per1000,
};

export const QualityRow = Type.Object(
  {
    engineId: Nullable(Type.String(), { description: "null: calls that named no engine" }),
    targetLocale: Type.String(),
    ...Counts,
    checks: Type.Array(QualityCheckCount, { description: "by check and severity, most frequent first" }),
  },
  { title: "QualityRow" },
);

export const QualityReport = Type.Object(
  {
    from: Day,
    to: Day,
    rows: Type.Array(QualityRow),
    totals: Type.Object(Counts),
  },
  {
    title: "QualityReport",
    description:
      "Strings checked and quality findings per engine and target locale; members see their own personal keys only.",
  },
);
export type QualityReport = Static<typeof QualityReport>;
