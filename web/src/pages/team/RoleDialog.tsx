import { useState, type FormEvent } from "react";
import { PERMISSIONS } from "../../../../src/contract/vocabulary";
import { api } from "../../api/endpoints";
import type { Permission, Role } from "../../api/types";
import { Dialog } from "../../components/Dialog";
import { ErrorNotice } from "../../components/ErrorNotice";
import { PERMISSION_LABELS } from "../../components/format";
import { useAction } from "../../hooks/useAction";

interface RoleDialogProps {
  orgId: string;
  /** null: closed; "new": create; a role: edit it. */
  editing: Role | "new" | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Create or edit a custom role: a name and any subset of the permissions. */
export function RoleDialog({ orgId, editing, onClose, onSaved }: RoleDialogProps) {
  return (
    <Dialog
      open={editing !== null}
      title={editing === "new" ? "Create a role" : editing ? `Edit role “${editing.name}”` : "Role"}
      onClose={onClose}
    >
      {editing !== null && (
        <RoleForm orgId={orgId} role={editing === "new" ? null : editing} onClose={onClose} onSaved={onSaved} />
      )}
    </Dialog>
  );
}

function RoleForm({
  orgId,
  role,
  onClose,
  onSaved,
}: {
  orgId: string;
  role: Role | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [name, setName] = useState(role?.name ?? "");
  const [permissions, setPermissions] = useState<Set<Permission>>(new Set(role?.permissions ?? []));
  const { busy, error, setError, run } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError("The role needs a name.");
      return;
    }
    await run(async () => {
      const body = { name: name.trim(), permissions: [...permissions] };
      if (role) await api.updateRole(orgId, role.id, body);
      else await api.createRole(orgId, body);
      onSaved();
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor="role-name">Name</label>
      <input id="role-name" required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
      <fieldset className="checklist">
        <legend>Permissions</legend>
        {PERMISSIONS.map((permission) => (
          <label key={permission} className="check">
            <input
              type="checkbox"
              checked={permissions.has(permission)}
              onChange={(event) => {
                const next = new Set(permissions);
                if (event.target.checked) next.add(permission);
                else next.delete(permission);
                setPermissions(next);
              }}
            />
            <span>{PERMISSION_LABELS[permission]}</span>
          </label>
        ))}
      </fieldset>
      <ErrorNotice message={error} />
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={busy}>
          {role ? "Save role" : "Create role"}
        </button>
      </div>
    </form>
  );
}
