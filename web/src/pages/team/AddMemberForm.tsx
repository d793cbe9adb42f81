import { useState, type FormEvent } from "react";
import { api } from "../../api/endpoints";
import type { Role } from "../../api/types";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useAction } from "../../hooks/useAction";

/** Adds an existing user (by email) with a role. */
export function AddMemberForm({ orgId, roles, onAdded }: { orgId: string; roles: Role[]; onAdded: () => void }) {
  const defaultRole = roles.find((role) => role.name === "Member") ?? roles.find((role) => !role.isOwner);
  const [email, setEmail] = useState("");
  const [roleId, setRoleId] = useState(defaultRole?.id ?? "");
  const { busy, error, run } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      await api.addMember(orgId, { email: email.trim(), roleId });
      setEmail("");
      onAdded();
    });
  };

  return (
    <form className="inline-form card" onSubmit={submit} aria-labelledby="add-member-title">
      <h3 id="add-member-title">Add a member</h3>
      <div className="field">
        <label htmlFor="add-member-email">Email</label>
        <input
          id="add-member-email"
          type="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="add-member-role">Role</label>
        <select id="add-member-role" value={roleId} onChange={(event) => setRoleId(event.target.value)}>
          {roles.map((role) => (
            <option key={role.id} value={role.id}>
              {role.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="primary" disabled={busy}>
        Add member
      </button>
      <p className="hint">The user must already have an account; an instance administrator creates accounts.</p>
      <ErrorNotice message={error} />
    </form>
  );
}
