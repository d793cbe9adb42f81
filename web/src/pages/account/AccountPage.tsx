import { Building2, LogOut } from "lucide-react";
import { AppLink } from "../../components/AppLink";
import { EmptyState } from "../../components/EmptyState";
import { orgPath } from "../../routes";
import { useState, type FormEvent } from "react";
import { api } from "../../api/endpoints";
import type { Me } from "../../api/types";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useAction } from "../../hooks/useAction";
import { ActiveSessions } from "./ActiveSessions";
import { SecuritySection } from "./SecuritySection";

/** The signed-in user's own account: password, two-factor, active sessions, and the organizations they belong to (with Leave). */
export function AccountPage({
  me,
  reloadMe,
  securityNotice,
}: {
  me: Me;
  reloadMe: () => Promise<void>;
  /** Why the user was sent here (an organization requires two-factor). */
  securityNotice?: string | null;
}) {
  const [leaving, setLeaving] = useState<Me["memberships"][number] | null>(null);
  return (
    <>
      <div className="page-header">
        <h1>Your account</h1>
      </div>
      <p className="lead">
        Signed in as <strong>{me.email}</strong>
        {me.name ? ` (${me.name})` : ""}.
      </p>
      <ChangePasswordForm />
      <SecuritySection notice={securityNotice} />
      <ActiveSessions />
      <section className="section" aria-labelledby="account-orgs">
        <h2 id="account-orgs">Your organizations</h2>
        {me.memberships.length === 0 ? (
          <EmptyState icon={Building2} title="You are not a member of any organization.">
            An owner of an organization can add you, or send you an invitation link.
          </EmptyState>
        ) : (
          <ul className="engine-list">
            {me.memberships.map((membership) => (
              <li key={membership.organizationId} className="card">
                <h3 className="card-title">
                  <AppLink href={orgPath(membership.organizationId)}>{membership.organizationName}</AppLink>
                </h3>
                <div className="row-actions">
                  {membership.canLeave ? (
                    <button type="button" className="danger" onClick={() => setLeaving(membership)}>
                      <LogOut size={16} aria-hidden="true" />
                      Leave {membership.organizationName}
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="danger"
                      disabled
                      aria-describedby={`last-owner-${membership.organizationId}`}
                    >
                      <LogOut size={16} aria-hidden="true" />
                      Leave {membership.organizationName}
                    </button>
                  )}
                </div>
                {!membership.canLeave && (
                  <p className="hint" id={`last-owner-${membership.organizationId}`}>
                    You are its last owner, so you cannot leave it: make another member an owner first (Team page), or
                    delete the organization (Plan page).
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={leaving !== null}
        title={`Leave ${leaving?.organizationName ?? ""}?`}
        confirmLabel="Leave the organization"
        onClose={() => setLeaving(null)}
        onConfirm={async () => {
          if (!leaving) return;
          await api.removeMember(leaving.organizationId, me.id);
          await reloadMe();
        }}
      >
        <p>
          You lose access to its engines and keys pages. Your personal keys there stop working while the organization
          uses RBAC. An organization's last owner cannot leave it.
        </p>
      </ConfirmDialog>
    </>
  );
}

function ChangePasswordForm() {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [repeat, setRepeat] = useState("");
  const [done, setDone] = useState(false);
  const { busy, error, setError, run } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    if (next !== repeat) {
      setError("The new passwords differ; type the same new password twice.");
      return;
    }
    await run(async () => {
      await api.changePassword(current, next);
      setCurrent("");
      setNext("");
      setRepeat("");
      setDone(true);
    });
  };

  return (
    <form className="card narrow-page" onSubmit={submit} aria-labelledby="password-title">
      <h2 id="password-title">Change your password</h2>
      <div className="field">
        <label htmlFor="password-current">Current password</label>
        <input
          id="password-current"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="password-new">New password</label>
        <input
          id="password-new"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          value={next}
          onChange={(event) => setNext(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="password-repeat">Repeat the new password</label>
        <input
          id="password-repeat"
          type="password"
          autoComplete="new-password"
          required
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
        />
      </div>
      <p className="hint">At least 8 characters. Your other sessions (other browsers and devices) are signed out.</p>
      <ErrorNotice message={error} />
      <button type="submit" className="primary" disabled={busy}>
        Change password
      </button>
      <p role="status" className="small">
        {done ? "Password changed. Your other sessions have been signed out." : ""}
      </p>
    </form>
  );
}
