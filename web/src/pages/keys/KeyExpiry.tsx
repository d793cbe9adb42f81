import { useState } from "react";
import type { ApiKey } from "../../api/types";
import { formatAbsolute, formatRelative } from "../../format/dates";

const SOON_MS = 7 * 86_400_000;

/** When the key stops working: never, "expires in …" (a badge when it is close), or when it expired. */
export function KeyExpiry({ apiKey }: { apiKey: ApiKey }) {
  // The moment the row was first shown: "expires in …" need not tick while the page is open.
  const [now] = useState(Date.now);
  const { expiresAt, rolledTo, rolledFrom } = apiKey;
  const lineage = rolledFrom ? <div className="small muted">Rolled from an earlier key</div> : null;
  if (!expiresAt) {
    return (
      <>
        <span>Never</span>
        {lineage}
      </>
    );
  }
  const left = new Date(expiresAt).getTime() - now;
  if (apiKey.state === "expired" || left <= 0) {
    return (
      <>
        <time dateTime={expiresAt}>{formatAbsolute(expiresAt)}</time>
        {rolledTo && <div className="small muted">Replaced by a rolled key</div>}
      </>
    );
  }
  const label = rolledTo
    ? `Replaced; stops ${formatRelative(expiresAt, now)}`
    : `Expires ${formatRelative(expiresAt, now)}`;
  return (
    <>
      <span
        className={left < SOON_MS || rolledTo ? "badge badge-expiring" : undefined}
        title={formatAbsolute(expiresAt)}
      >
        {label}
      </span>
      <div className="small muted">
        <time dateTime={expiresAt}>{formatAbsolute(expiresAt)}</time>
      </div>
      {lineage}
    </>
  );
}
