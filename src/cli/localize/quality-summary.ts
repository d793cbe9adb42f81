import { wellFormedItems } from "./answer-items.js";
/** A finding of the server's quality checks (`checks` in its answer, docs/quality.md). */
export interface QualityItem {
  path: (string | number)[];
  check: string;
  severity: string;
  message: string;
}

/** What the server's answer lists, kept to well-formed items (an older server sends none). */
export function checksOf(value: unknown): QualityItem[] {
  return wellFormedItems<QualityItem>(value, ["check", "severity", "message"]);
}

/**
 * One line per target with findings: how many errors and warnings, by check
 * (`de: quality checks: 1 error(s), 2 warning(s) — printf 1, newlines 2; glossa check de.json …`).
 */
export function checksSummary(target: string, items: readonly QualityItem[]): string {
  if (items.length === 0) return "";
  const errors = items.filter((item) => item.severity === "error").length;
  const byCheck = new Map<string, number>();
  for (const item of items) byCheck.set(item.check, (byCheck.get(item.check) ?? 0) + 1);
  const counts = [...byCheck].map(([check, n]) => `${check} ${n}`).join(", ");
  return `glossa localize: ${target}: quality checks: ${errors} error(s), ${items.length - errors} warning(s) — ${counts} (glossa check lists them)\n`;
}
