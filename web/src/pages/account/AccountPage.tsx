import { useState, type FormEvent } from "react";
import { api } from "../../api/endpoints";
import type { Me } from "../../api/types";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useAction } from "../../hooks/useAction";

/** The signed-in user's own account: password, and the organizations they belong to (with Leave). */
export function AccountPage({ me, reloadMe }: { me: Me; reloadMe: () => Promise<void> }) {
  const [leaving, setLeaving] = useState<Me["memberships"][number] | null>(null);
  return (
    <>
      <div className="page-header">
        <h1>Your account</h1>
      </div>
      <p>
        Signed in as <strong>{me.email}</strong>
        {me.name ? ` (${me.name})` : ""}.
      </p>
      <ChangePasswordForm />
      <section className="section" aria-labelledby="account-orgs">
        <h2 id="account-orgs">Your organizations</h2>
        {me.memberships.length === 0 ? (
          <p className="empty">You are not a member of any organization.</p>
        ) : (
          <ul className="engine-list">
            {me.memberships.map((membership) => (
              <li key={membership.organizationId} className="card">
                <h3 className="card-title">{membership.organizationName}</h3>
                {membership.canLeave ? (
                  <button type="button" className="danger" onClick={() => setLeaving(membership)}>
                    Leave {membership.organizationName}
                  </button>
                ) : (
                  <>
                    <button
                      type="button"
                      className="danger"
                      disabled
                      aria-describedby={`last-owner-${membership.organizationId}`}
                    >
                      Leave {membership.organizationName}
                    </button>
                    <p className="hint" id={`last-owner-${membership.organizationId}`}>
                      You are its last owner, so you cannot leave it: make another member an owner first (Team page), or
                      delete the organization (Plan page).
                    </p>
                  </>
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
    <form className="inline-form card" onSubmit={submit} aria-labelledby="password-title">
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
      <button type="submit" className="primary" disabled={busy}>
        Change password
      </button>
      <p className="hint">At least 8 characters. Your other sessions (other browsers and devices) are signed out.</p>
      <ErrorNotice message={error} />
      <p role="status" className="small">
        {done ? "Password changed. Your other sessions have been signed out." : ""}
      </p>
    </form>
  );
}
