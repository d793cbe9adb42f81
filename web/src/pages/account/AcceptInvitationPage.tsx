import { Languages } from "lucide-react";
import { useState, type FormEvent } from "react";
import { api } from "../../api/endpoints";
import type { InvitationPreview } from "../../api/types";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useAction } from "../../hooks/useAction";
import { useLoader } from "../../hooks/useLoader";
import { DateTime } from "../../format/DateTime";
import { formatAbsolute } from "../../format/dates";

/**
 * The page an invitation link opens, with or without a session. A new invitee chooses a name and
 * a password and is signed in; an existing account just accepts. `onJoined` gets the organization.
 */
export function AcceptInvitationPage({ token, onJoined }: { token: string; onJoined: (orgId: string) => void }) {
  const preview = useLoader(() => api.previewInvitation(token), [token]);
  return (
    <main className="login" id="main">
      <div className="card login-card">
        <div className="login-brand" aria-hidden="true">
          <Languages size={22} />
          Glossa
        </div>
        <h1 id="invitation-title">Join an organization</h1>
        {preview.data ? (
          <AcceptForm token={token} invitation={preview.data} onJoined={onJoined} />
        ) : preview.error ? (
          <ErrorNotice message={preview.error} />
        ) : (
          <p aria-busy="true">Loading…</p>
        )}
      </div>
    </main>
  );
}

function AcceptForm({
  token,
  invitation,
  onJoined,
}: {
  token: string;
  invitation: InvitationPreview;
  onJoined: (orgId: string) => void;
}) {
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const { busy, error, setError, run } = useAction();
  const newAccount = !invitation.accountExists;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (newAccount && password !== repeat) {
      setError("The two passwords differ; type the same password twice.");
      return;
    }
    await run(async () => {
      const me = await api.acceptInvitation(token, newAccount ? { name: name.trim(), password } : {});
      const joined = me.memberships.find((membership) => membership.organizationName === invitation.organizationName);
      onJoined(joined?.organizationId ?? me.memberships[0]?.organizationId ?? "");
    });
  };

  return (
    <form onSubmit={submit} aria-labelledby="invitation-title">
      <p>
        You are invited to join <strong>{invitation.organizationName}</strong> as <strong>{invitation.roleName}</strong>{" "}
        with the email <strong>{invitation.email}</strong>.
      </p>
      <p className="small muted">
        This link works once and expires <DateTime iso={invitation.expiresAt} /> ({formatAbsolute(invitation.expiresAt)}
        ).
      </p>
      {newAccount ? (
        <>
          <label htmlFor="invite-name">Your name</label>
          <input
            id="invite-name"
            autoComplete="name"
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <label htmlFor="invite-password">Choose a password</label>
          <input
            id="invite-password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            aria-describedby="invite-password-hint"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <p id="invite-password-hint" className="small muted">
            At least 8 characters.
          </p>
          <label htmlFor="invite-repeat">Repeat the password</label>
          <input
            id="invite-repeat"
            type="password"
            autoComplete="new-password"
            required
            value={repeat}
            onChange={(event) => setRepeat(event.target.value)}
          />
        </>
      ) : (
        <p>You already have an account with this email: accept, then sign in with your own password.</p>
      )}
      <ErrorNotice message={error} />
      <button type="submit" className="primary" disabled={busy}>
        {busy ? "Joining…" : newAccount ? "Create my account and join" : "Accept the invitation"}
      </button>
    </form>
  );
}
