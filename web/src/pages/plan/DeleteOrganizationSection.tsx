import { useState, type FormEvent } from "react";
import { api } from "../../api/endpoints";
import { Dialog } from "../../components/Dialog";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useAction } from "../../hooks/useAction";
import { navigate } from "../../hooks/useLocationPath";
import { useOrgSession } from "../../session";

/** Owners delete the organization, after typing its name: its keys stop at once. */
export function DeleteOrganizationSection() {
  const { org, reloadMe } = useOrgSession();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const { busy, error, setError, run } = useAction();
  const matches = typed.trim() === org.name;
  const close = () => {
    setOpen(false);
    setTyped("");
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!matches) {
      setError(`Type the organization's name, ${org.name}, exactly.`);
      return;
    }
    await run(async () => {
      await api.deleteOrganization(org.id);
      await reloadMe();
      navigate("/", { replace: true });
    });
  };

  return (
    <section className="section danger-zone" aria-labelledby="delete-org-title">
      <h2 id="delete-org-title">Delete this organization</h2>
      <p>
        Deletes {org.name} with its engines, roles, members, invitations and API keys. Every key of the organization
        stops working at once. This cannot be undone.
      </p>
      <button type="button" className="danger" onClick={() => setOpen(true)}>
        Delete organization…
      </button>
      <Dialog open={open} title={`Delete ${org.name}?`} onClose={close}>
        <form onSubmit={submit}>
          <div className="field">
            <label htmlFor="delete-org-name">
              Type <strong>{org.name}</strong> to confirm
            </label>
            <input
              id="delete-org-name"
              autoComplete="off"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
          <ErrorNotice message={error} />
          <div className="dialog-actions">
            <button type="button" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="danger" disabled={busy || !matches}>
              Delete {org.name}
            </button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
