import { api } from "../../api/endpoints";
import type { Me } from "../../api/types";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useLoader } from "../../hooks/useLoader";
import { UserActiveButton } from "./UserActiveButton";
import { PlanEditor } from "../plan/PlanEditor";
import { CreateOrganizationForm } from "./CreateOrganizationForm";
import { CreateUserForm } from "./CreateUserForm";
import { DateTime } from "../../format/DateTime";

/** Instance administration: users, organizations and their plans. */
export function AdminPage({ me, reloadMe }: { me: Me; reloadMe: () => Promise<void> }) {
  const users = useLoader(() => api.users(), []);
  const orgs = useLoader(() => api.allOrganizations(), []);
  return (
    <>
      <div className="page-header">
        <h1>Instance administration</h1>
      </div>
      <div className="two-columns">
        <CreateUserForm onCreated={() => void users.reload()} />
        <CreateOrganizationForm
          users={users.data ?? []}
          defaultOwnerId={me.id}
          onCreated={() => {
            void orgs.reload();
            void reloadMe();
          }}
        />
      </div>
      <section className="section" aria-labelledby="admin-orgs">
        <h2 id="admin-orgs">Organizations</h2>
        <ErrorNotice message={orgs.error} />
        <ul className="engine-list">
          {(orgs.data ?? []).map((org) => (
            <li key={org.id} className="card" data-org-name={org.name}>
              <h3 className="card-title">{org.name}</h3>
              <p className="small muted">
                <code>{org.id}</code> · created <DateTime iso={org.createdAt} />
              </p>
              <PlanEditor org={org} onSaved={() => void orgs.reload()} />
            </li>
          ))}
        </ul>
      </section>
      <section className="section" aria-labelledby="admin-users">
        <h2 id="admin-users">Users</h2>
        <ErrorNotice message={users.error} />
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Users">
          <table>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Name</th>
                <th scope="col">Instance admin</th>
                <th scope="col">Created</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {(users.data ?? []).map((user) => (
                <tr key={user.id}>
                  <th scope="row">{user.email}</th>
                  <td>{user.name || "—"}</td>
                  <td>{user.isAdmin ? "Yes" : "No"}</td>
                  <td>
                    <DateTime iso={user.createdAt} />
                  </td>
                  <td>
                    <UserActiveButton user={user} isSelf={user.id === me.id} onChanged={() => void users.reload()} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
