/** Dates as the reader's locale shows them; "Never" for missing ones. */
export function formatDate(iso: string | null | undefined, never = "Never"): string {
  if (!iso) return never;
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

export const PERMISSION_LABELS: Record<string, string> = {
  "engine:access": "Use every engine (engine:access)",
  "org:manage_team": "Manage team, engines and all keys (org:manage_team)",
};
