const grouped = new Intl.NumberFormat(undefined);
const compact = new Intl.NumberFormat(undefined, { notation: "compact", maximumFractionDigits: 1 });

/** A count as the reader's locale groups it: 1,800,000. */
export function formatNumber(value: number): string {
  return grouped.format(value);
}

/** A count where space is short (chart axes): 1.8M, 12K, 950. */
export function formatCompact(value: number): string {
  return compact.format(value);
}
