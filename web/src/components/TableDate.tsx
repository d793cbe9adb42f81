import { formatDate } from "./format";

/**
 * A date in a table cell: short and on one line ("Nov 26, 2026", or "Nov 26, 18:40" with
 * `withTime`; the year only when it is not this year's), the full date and time in its title.
 */
export function TableDate({
  iso,
  never = "Never",
  withTime = false,
}: {
  iso: string | null | undefined;
  never?: string;
  withTime?: boolean;
}) {
  if (!iso) return <span className="muted">{never}</span>;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <span>{iso}</span>;
  const thisYear = date.getFullYear() === new Date().getFullYear();
  const short = date.toLocaleString(undefined, {
    month: "short",
    day: "numeric",
    ...(thisYear && withTime ? {} : { year: "numeric" }),
    ...(withTime ? { hour: "2-digit", minute: "2-digit" } : {}),
  });
  return (
    <time dateTime={iso} title={formatDate(iso)}>
      {short}
    </time>
  );
}
