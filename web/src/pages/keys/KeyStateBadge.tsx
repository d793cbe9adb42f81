import type { ApiKey } from "../../api/types";
import { formatAbsolute } from "../../format/dates";

/** The key's state in words: why a key that exists does not work. */
function keyStateText(key: ApiKey): { label: string; explanation: string | null } {
  switch (key.state) {
    case "active":
      return { label: "Active", explanation: null };
    case "deactivated":
      return {
        label: "Deactivated",
        explanation:
          "The organization's plan lost the RBAC entitlement (Enterprise plan with RBAC) that service keys need. The key works again once the entitlement is restored.",
      };
    case "denied":
      return {
        label: "Denied",
        explanation:
          "Its owner left the organization, so this personal key no longer works. Delete it and create a new one.",
      };
    case "expired":
      return {
        label: "Expired",
        explanation: `It expired${key.expiresAt ? ` on ${formatAbsolute(key.expiresAt)}` : ""} and no longer works. Delete it and create a new one.`,
      };
  }
}

/** The state word, with the reason in words when the key does not work. */
export function KeyStateBadge({ apiKey }: { apiKey: ApiKey }) {
  const { label, explanation } = keyStateText(apiKey);
  return (
    <div className="key-state">
      <span className={`badge badge-${apiKey.state}`}>{label}</span>
      {explanation && <p className="small state-reason">{explanation}</p>}
    </div>
  );
}
