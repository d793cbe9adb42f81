import { formatAbsolute, formatRelative } from "./dates";

/**
 * A moment shown by the dashboard's one convention: relative text, the absolute date and time in
 * the tooltip and in `dateTime`. `missing` is shown when there is no moment ("Never", "—").
 */
export function DateTime({
  iso,
  missing = "Never",
  now,
}: {
  iso: string | null | undefined;
  missing?: string;
  now?: number;
}) {
  if (!iso) return <>{missing}</>;
  return (
    <time dateTime={iso} title={formatAbsolute(iso)}>
      {formatRelative(iso, now)}
    </time>
  );
}
