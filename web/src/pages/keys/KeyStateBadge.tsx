import type { ApiKey } from "../../api/types";
import { keyStateText } from "./keyRules";

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
