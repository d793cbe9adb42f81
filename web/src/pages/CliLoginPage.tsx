import { SquareTerminal } from "lucide-react";
import { useState } from "react";
import { api } from "../api/endpoints";
import type { CliSession, Me } from "../api/types";
import { ErrorNotice } from "../components/ErrorNotice";
import { DateTime } from "../format/DateTime";
import { useAction } from "../hooks/useAction";
import { useLoader } from "../hooks/useLoader";

/**
 * `lingo.dev login` / `glossa login` open this page: the signed-in user sees which device asked
 * (its client, address and time), picks an organization and approves; the device then receives
 * a new personal key of this user, named after the session.
 */
export function CliLoginPage({
  me,
  sessionId,
  currentOrgId,
}: {
  me: Me;
  sessionId: string;
  /** The organization the user was working in: the one offered first. */
  currentOrgId: string | undefined;
}) {
  const loaded = useLoader(() => api.cliSession(sessionId), [sessionId]);
  const [approved, setApproved] = useState<CliSession | null>(null);
  const [organizationId, setOrganizationId] = useState(currentOrgId ?? me.memberships[0]?.organizationId ?? "");
  const action = useAction();
  const session = approved ?? loaded.data;

  const approve = () =>
    action.run(async () => {
      setApproved(await api.approveCliSession(sessionId, organizationId));
    });

  return (
    <section aria-labelledby="cli-login-title" className="card narrow-page cli-login">
      <div className="cli-login-head">
        <SquareTerminal size={28} aria-hidden="true" className="empty-icon" />
        <h1 id="cli-login-title">Sign in a command-line tool</h1>
      </div>
      {loaded.loading && !session && <p aria-busy="true">Loading…</p>}
      <ErrorNotice message={loaded.error} />
      {session && (
        <>
          <p>
            A command-line tool (such as <code>lingo.dev login</code> or <code>glossa login</code>) asks for an API key.
          </p>
          <dl className="details">
            <dt>Client</dt>
            <dd>{session.userAgent}</dd>
            <dt>From address</dt>
            <dd>{session.clientAddress}</dd>
            <dt>Asked</dt>
            <dd>
              <DateTime iso={session.createdAt} />
            </dd>
            <dt>Expires</dt>
            <dd>
              <DateTime iso={session.expiresAt} />
            </dd>
          </dl>
          {session.status === "pending" &&
            (me.memberships.length === 0 ? (
              <p>You are not a member of any organization, so there is nothing to sign in to.</p>
            ) : (
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  void approve();
                }}
              >
                <p className="notice notice-warning">
                  Approve only if you started this yourself, just now. The tool gets a new personal key of yours.
                </p>
                <label htmlFor="cli-login-org">Give the key for organization</label>
                <select
                  id="cli-login-org"
                  value={organizationId}
                  onChange={(event) => setOrganizationId(event.target.value)}
                >
                  {me.memberships.map((membership) => (
                    <option key={membership.organizationId} value={membership.organizationId}>
                      {membership.organizationName}
                    </option>
                  ))}
                </select>
                <ErrorNotice message={action.error} />
                <div className="actions">
                  <button type="submit" className="primary" disabled={action.busy || !organizationId}>
                    Approve and create a key
                  </button>
                </div>
              </form>
            ))}
          {session.status === "approved" && (
            <p role="status" className="notice">
              Approved. Return to your terminal: the tool receives its key within a few seconds.
            </p>
          )}
          {session.status === "completed" && (
            <p role="status" className="notice">
              Done: the tool has received its key.
            </p>
          )}
          {session.status === "expired" && (
            <p role="status" className="notice notice-warning">
              This request has expired. Run the login command again.
            </p>
          )}
        </>
      )}
    </section>
  );
}
