import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { api } from "../../api/endpoints";
import type { Role } from "../../api/types";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PERMISSION_LABELS } from "../../components/format";
import { useOrgSession } from "../../session";
import { RoleDialog } from "./RoleDialog";

/** The organization's roles and their permissions; custom roles can be created, edited and deleted. */
export function RolesSection() {
  const { org, roles, canManage, reloadOrg } = useOrgSession();
  const [editing, setEditing] = useState<Role | "new" | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);

  return (
    <section aria-labelledby="roles-title" className="section">
      <div className="section-header">
        <h2 id="roles-title">Roles</h2>
        {canManage && (
          <button type="button" onClick={() => setEditing("new")}>
            <Plus size={16} aria-hidden="true" />
            Create role
          </button>
        )}
      </div>
      <ul className="role-list">
        {roles.map((role) => (
          <li key={role.id} className="card role-card" data-role-name={role.name}>
            <div className="role-head">
              <h3>{role.name}</h3>
              {role.isOwner && <span className="badge">Fixed</span>}
            </div>
            {role.permissions.length === 0 ? (
              <p className="muted small">No permissions (reaches only granted engines).</p>
            ) : (
              <ul className="small permissions">
                {role.permissions.map((permission) => (
                  <li key={permission}>{PERMISSION_LABELS[permission] ?? permission}</li>
                ))}
              </ul>
            )}
            {canManage && !role.isOwner && (
              <div className="row-actions">
                <button type="button" onClick={() => setEditing(role)} aria-label={`Edit role ${role.name}`}>
                  <Pencil size={16} aria-hidden="true" />
                  Edit
                </button>
                <button
                  type="button"
                  className="danger"
                  onClick={() => setDeleting(role)}
                  aria-label={`Delete role ${role.name}`}
                >
                  <Trash2 size={16} aria-hidden="true" />
                  Delete
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <RoleDialog
        orgId={org.id}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void reloadOrg();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete role"
        confirmLabel="Delete role"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await api.deleteRole(org.id, deleting.id);
          await reloadOrg();
        }}
      >
        <p>
          Delete the role <strong>{deleting?.name}</strong>? Roles still held by members or service keys cannot be
          deleted.
        </p>
      </ConfirmDialog>
    </section>
  );
}
