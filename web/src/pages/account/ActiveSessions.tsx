import { LogOut } from "lucide-react";
import { useState } from "react";
import { browserLabel } from "../../../../src/core/account/browser-label";
import { api } from "../../api/endpoints";
import type { ActiveSession } from "../../api/types";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorNotice } from "../../components/ErrorNotice";
import { DateTime } from "../../format/DateTime";
import { useAction } from "../../hooks/useAction";
import { useLoader } from "../../hooks/useLoader";

/**
 * The signed-in user's active sessions (issue 25): where each began, when it was last used, and
 * "Sign out" per session or everywhere else. The session viewing the page stays signed in.
 */
export function ActiveSessions() {
  const sessions = useLoader(() => api.mySessions(), []);
  const end = useAction();
  const [confirming, setConfirming] = useState(false);
  const others = (sessions.data ?? []).filter((session) => !session.current);

  const endOne = (session: ActiveSession) =>
    end.run(async () => {
      await api.endSession(session.id);
      await sessions.reload();
    });

  return (
    <section className="section" aria-labelledby="account-sessions">
      <h2 id="account-sessions">Active sessions</h2>
      <p className="hint">
        Every browser signed in to your account. Sign out the ones you do not recognise, or no longer use; they have to
        sign in again.
      </p>
      <ErrorNotice message={sessions.error ?? end.error} />
      {sessions.data && (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Active sessions">
          <table>
            <thead>
              <tr>
                <th scope="col">Browser</th>
                <th scope="col">Address</th>
                <th scope="col">Signed in</th>
                <th scope="col">Last active</th>
                <th scope="col" className="actions">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.data.map((session) => {
                const label = browserLabel(session.userAgent);
                return (
                  <tr key={session.id}>
                    <th scope="row">
                      <span title={session.userAgent ?? undefined}>{label}</span>
                      {session.current && (
                        <>
                          {" "}
                          <span className="badge badge-active">This device</span>
                        </>
                      )}
                    </th>
                    <td>{session.address ?? "Unknown"}</td>
                    <td>
                      <DateTime iso={session.createdAt} />
                    </td>
                    <td>
                      <DateTime iso={session.lastSeenAt} />
                    </td>
                    <td className="actions">
                      {!session.current && (
                        <button
                          type="button"
                          className="danger"
                          disabled={end.busy}
                          onClick={() => void endOne(session)}
                        >
                          <LogOut size={16} aria-hidden="true" />
                          Sign out
                          <span className="visually-hidden">
                            {" "}
                            {label}
                            {session.address ? ` from ${session.address}` : ""}
                          </span>
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {sessions.data && others.length === 0 && <p className="small muted">You are signed in only here.</p>}
      {others.length > 0 && (
        <div className="row-actions">
          <button type="button" className="danger" onClick={() => setConfirming(true)}>
            <LogOut size={16} aria-hidden="true" />
            Sign out everywhere else
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Sign out everywhere else?"
        confirmLabel="Sign out the other sessions"
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await api.endOtherSessions();
          await sessions.reload();
        }}
      >
        <p>
          {others.length === 1 ? "The other session" : `The ${others.length} other sessions`} end at once and have to
          sign in again. This browser stays signed in.
        </p>
      </ConfirmDialog>
    </section>
  );
}
