import { Cpu, UserMinus } from "lucide-react";
import { useState } from "react";
import { roleReachesEveryEngine } from "../../../../src/core/authz/model";
import { api } from "../../api/endpoints";
import { errorMessage } from "../../api/http";
import type { Engine, Member } from "../../api/types";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useOrgSession } from "../../session";
import { AddMemberForm } from "./AddMemberForm";
import { GrantsDialog } from "./GrantsDialog";

interface MembersSectionProps {
  members: Member[] | undefined;
  engines: Engine[];
  error: string | null;
  reload: () => Promise<void>;
}

/** Members with their role (editable by managers), engine grants, and removal. */
export function MembersSection({ members, engines, error, reload }: MembersSectionProps) {
  const { org, roles, canManage, me, reloadMe } = useOrgSession();
  const [actionError, setActionError] = useState<string | null>(null);
  const [grantsFor, setGrantsFor] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const engineName = (engineId: string) => engines.find((engine) => engine.id === engineId)?.name ?? engineId;
  const roleReachesAll = (member: Member) =>
    roleReachesEveryEngine(roles.find((role) => role.id === member.roleId)?.permissions ?? []);

  const changeRole = async (member: Member, roleId: string) => {
    setActionError(null);
    try {
      await api.changeMemberRole(org.id, member.userId, roleId);
      await reload();
      if (member.userId === me.id) await reloadMe();
    } catch (caught) {
      setActionError(errorMessage(caught));
      await reload();
    }
  };

  return (
    <section aria-labelledby="members-title" className="section">
      <h2 id="members-title">Members</h2>
      {!org.rbacOn && (
        <p className="hint">
          RBAC is off for this plan: roles and grants do not limit engine use; every member reaches every engine.
        </p>
      )}
      <ErrorNotice message={error ?? actionError} />
      {members && (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Members">
          <table className="stack-on-phone">
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Role</th>
                <th scope="col">Engine grants</th>
                {canManage && (
                  <th scope="col" className="actions">
                    <span className="visually-hidden">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.userId} data-member-email={member.email}>
                  <th scope="row">
                    <div>{member.email}</div>
                    {member.name && <div className="muted small">{member.name}</div>}
                  </th>
                  <td data-label="Role">
                    {canManage ? (
                      <select
                        aria-label={`Role of ${member.email}`}
                        value={member.roleId}
                        onChange={(event) => void changeRole(member, event.target.value)}
                      >
                        {roles.map((role) => (
                          <option key={role.id} value={role.id}>
                            {role.name}
                          </option>
                        ))}
                      </select>
                    ) : (
                      member.roleName
                    )}
                  </td>
                  <td data-label="Engine grants">
                    {member.engineIds.length === 0 ? (
                      <span className="muted">None</span>
                    ) : (
                      member.engineIds.map(engineName).join(", ")
                    )}
                  </td>
                  {canManage && (
                    <td className="actions">
                      <div className="row-actions">
                        <button
                          type="button"
                          onClick={() => setGrantsFor(member)}
                          aria-label={`Engines of ${member.email}`}
                        >
                          <Cpu size={16} aria-hidden="true" />
                          Engines
                        </button>
                        <button
                          type="button"
                          className="danger"
                          onClick={() => setRemoving(member)}
                          aria-label={`Remove ${member.email}`}
                        >
                          <UserMinus size={16} aria-hidden="true" />
                          Remove
                        </button>
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canManage && <AddMemberForm orgId={org.id} roles={roles} onAdded={() => void reload()} />}

      <GrantsDialog
        orgId={org.id}
        member={grantsFor}
        engines={engines}
        roleReachesAll={grantsFor ? roleReachesAll(grantsFor) : false}
        onClose={() => setGrantsFor(null)}
        onChanged={() => void reload()}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Remove member"
        confirmLabel="Remove member"
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          await api.removeMember(org.id, removing.userId);
          await reload();
          if (removing.userId === me.id) await reloadMe();
        }}
      >
        <p>
          Remove <strong>{removing?.email}</strong> from {org.name}? Their engine grants go with them
          {org.rbacOn ? ", and their personal keys stop working." : "."}
        </p>
      </ConfirmDialog>
    </section>
  );
}
