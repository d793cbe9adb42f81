import { useState, type FormEvent } from "react";
import { api } from "../../api/endpoints";
import type { Plan, User } from "../../api/types";
import { ActionOutcome } from "../../components/ActionOutcome";
import { useAction } from "../../hooks/useAction";

/** Creates an organization with an owner, a plan and the RBAC entitlement (instance admins only). */
export function CreateOrganizationForm({
  users,
  defaultOwnerId,
  onCreated,
}: {
  users: User[];
  defaultOwnerId: string;
  onCreated: () => void;
}) {
  const [name, setName] = useState("");
  const [ownerId, setOwnerId] = useState(defaultOwnerId);
  const [plan, setPlan] = useState<Plan>("free");
  const [rbac, setRbac] = useState(false);
  const [status, setStatus] = useState("");
  const { busy, error, run } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus("");
    await run(async () => {
      const org = await api.createOrganization({ name: name.trim(), ownerId, plan, rbac });
      setStatus(`Created ${org.name}.`);
      setName("");
      onCreated();
    });
  };

  return (
    <form className="card stacked-form" onSubmit={submit} aria-labelledby="create-org-title">
      <h2 id="create-org-title">Create an organization</h2>
      <label htmlFor="new-org-name">Name</label>
      <input
        id="new-org-name"
        required
        maxLength={100}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <label htmlFor="new-org-owner">Owner</label>
      <select id="new-org-owner" value={ownerId} onChange={(event) => setOwnerId(event.target.value)}>
        {users.map((user) => (
          <option key={user.id} value={user.id}>
            {user.email}
          </option>
        ))}
      </select>
      <label htmlFor="new-org-plan">Plan</label>
      <select id="new-org-plan" value={plan} onChange={(event) => setPlan(event.target.value as Plan)}>
        <option value="free">free</option>
        <option value="pro">pro</option>
        <option value="enterprise">enterprise</option>
      </select>
      <label className="check">
        <input type="checkbox" checked={rbac} onChange={(event) => setRbac(event.target.checked)} />
        <span>RBAC entitlement</span>
      </label>
      <button type="submit" className="primary" disabled={busy}>
        Create organization
      </button>
      <ActionOutcome status={status} error={error} />
    </form>
  );
}
