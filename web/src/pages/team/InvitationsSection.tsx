import { MailPlus, Send, Undo2 } from "lucide-react";
import { EmptyState } from "../../components/EmptyState";
import { useState, type FormEvent } from "react";
import { api } from "../../api/endpoints";
import type { CreatedInvitation } from "../../api/types";
import { CopyButton } from "../../components/CopyButton";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useAction } from "../../hooks/useAction";
import { useLoader } from "../../hooks/useLoader";
import { useOrgSession } from "../../session";
import { DateTime } from "../../format/DateTime";

/** Managers invite people by email; the single-use link is shown to copy (and emailed when the server can). */
export function InvitationsSection() {
  const { org, roles, myRole } = useOrgSession();
  const invitations = useLoader(() => api.invitations(org.id), [org.id]);
  const offered = roles.filter((role) => !role.isOwner || myRole?.isOwner);
  const defaultRole = offered.find((role) => role.name === "Member") ?? offered.find((role) => !role.isOwner);
  const [email, setEmail] = useState("");
  const [roleId, setRoleId] = useState(defaultRole?.id ?? "");
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const { busy, error, run } = useAction();
  const withdraw = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    await run(async () => {
      setCreated(await api.invite(org.id, { email: email.trim(), roleId }));
      setEmail("");
      await invitations.reload();
    });
  };

  return (
    <section className="section" aria-labelledby="invite-title">
      <form className="inline-form card" onSubmit={submit} aria-labelledby="invite-title">
        <h2 id="invite-title">Invite someone</h2>
        <div className="field">
          <label htmlFor="invite-email">Address to invite</label>
          <input
            id="invite-email"
            type="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="invite-role">Role to give</label>
          <select id="invite-role" value={roleId} onChange={(event) => setRoleId(event.target.value)}>
            {offered.map((role) => (
              <option key={role.id} value={role.id}>
                {role.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="primary" disabled={busy}>
          <Send size={16} aria-hidden="true" />
          Create invitation
        </button>
        <p className="hint">The link works once, for 7 days. New people choose their name and password there.</p>
        <ErrorNotice message={error} />
      </form>
      {created && (
        <div className="card invitation-link" role="region" aria-label="Invitation link">
          <p>
            Invitation for <strong>{created.invitation.email}</strong> as {created.invitation.roleName}.{" "}
            {created.emailed
              ? "It was emailed to them; you can also pass on the link yourself."
              : "Pass this link on to them (this server sends no email):"}
          </p>
          <div className="secret-row">
            <code id="invitation-url" className="secret">
              {created.url}
            </code>
            <CopyButton text={created.url} label="Copy link" selectId="invitation-url" />
          </div>
          <p className="small muted">
            The link is shown only now; withdraw the invitation and create another if it is lost.
          </p>
        </div>
      )}
      <h3>Open invitations</h3>
      <ErrorNotice message={invitations.error ?? withdraw.error} />
      {invitations.data && invitations.data.length === 0 && (
        <EmptyState
          icon={MailPlus}
          title="No open invitations."
          action={
            <button type="button" onClick={() => document.getElementById("invite-email")?.focus()}>
              Invite someone
            </button>
          }
        >
          An invitation link lets someone join with the role you pick, with or without an account here.
        </EmptyState>
      )}
      {invitations.data && invitations.data.length > 0 && (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Open invitations">
          <table>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Expires</th>
                <th scope="col" className="actions">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invitations.data.map((invitation) => (
                <tr key={invitation.id}>
                  <th scope="row">{invitation.email}</th>
                  <td>{invitation.roleName}</td>
                  <td>
                    <DateTime iso={invitation.expiresAt} />
                  </td>
                  <td className="actions">
                    <button
                      type="button"
                      disabled={withdraw.busy}
                      onClick={() =>
                        withdraw.run(async () => {
                          await api.withdrawInvitation(org.id, invitation.id);
                          await invitations.reload();
                        })
                      }
                    >
                      <Undo2 size={16} aria-hidden="true" />
                      Withdraw<span className="visually-hidden"> the invitation of {invitation.email}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
