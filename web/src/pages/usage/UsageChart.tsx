import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatCompact, formatNumber } from "../../format/numbers";

export interface ChartRow {
  label: string;
  requests: number;
  characters: number;
  errors: number;
}

/**
 * Requests and errors (left axis) and characters (right axis) as bars. The chart is an image for
 * sighted readers; the table next to it carries the same figures for everyone else.
 */
export function UsageChart({ title, rows }: { title: string; rows: ChartRow[] }) {
  return (
    <figure className="usage-chart" aria-hidden="true">
      <figcaption className="visually-hidden">{title}</figcaption>
      <ResponsiveContainer width="100%" height={240}>
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis yAxisId="calls" allowDecimals={false} tick={{ fontSize: 12 }} tickFormatter={formatCompact} />
          <YAxis
            yAxisId="characters"
            orientation="right"
            allowDecimals={false}
            tick={{ fontSize: 12 }}
            tickFormatter={formatCompact}
          />
          <Tooltip formatter={(value) => (typeof value === "number" ? formatNumber(value) : value)} />
          <Legend />
          <Bar yAxisId="calls" dataKey="requests" name="Requests" fill="#2563eb" isAnimationActive={false} />
          <Bar yAxisId="calls" dataKey="errors" name="Errors" fill="#b91c1c" isAnimationActive={false} />
          <Bar yAxisId="characters" dataKey="characters" name="Characters" fill="#059669" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
