import { useOrgSession } from "../../session";
import { KeyLifetimeSetting } from "./KeyLifetimeSetting";
import { LimitsSection } from "./LimitsSection";
import { DeleteOrganizationSection } from "./DeleteOrganizationSection";
import { PlanEditor } from "./PlanEditor";
import { AuthenticationSettings } from "./AuthenticationSettings";
import { RequireTwoFactorSetting } from "./RequireTwoFactorSetting";

/** The organization's plan (editable by instance admins) and its key settings (editable by team managers). */
export function PlanPage() {
  const { org, me, myRole, roles, canManage, reloadOrg } = useOrgSession();
  return (
    <div className="settings">
      <div className="page-header">
        <h1>Plan</h1>
      </div>
      <section className="card" aria-labelledby="plan-current">
        <h2 id="plan-current">{org.name}</h2>
        <dl className="facts">
          <dt>Plan</dt>
          <dd className="plan-name">{org.plan}</dd>
          <dt>RBAC entitlement</dt>
          <dd>{org.rbac ? "Granted" : "Not granted"}</dd>
          <dt>Role-based access control</dt>
          <dd>
            {org.rbacOn
              ? "On: roles and per-engine grants decide which engines members and keys reach; service keys are available."
              : "Off: every member and key reaches every engine; service keys need the Enterprise plan with the RBAC entitlement."}
          </dd>
        </dl>
      </section>
      <LimitsSection org={org} canManage={canManage} onSaved={() => void reloadOrg()} />
      {me.isAdmin ? (
        <section className="section" aria-labelledby="plan-change">
          <h2 id="plan-change">Change the plan</h2>
          <p className="hint">Takes effect for the next request: service keys deactivate or come back at once.</p>
          <PlanEditor org={org} onSaved={() => void reloadOrg()} />
        </section>
      ) : (
        <p className="hint">Only an instance administrator can change the plan.</p>
      )}
      <KeyLifetimeSetting org={org} canManage={canManage} onSaved={() => void reloadOrg()} />
      {canManage && <AuthenticationSettings orgId={org.id} roles={roles} />}
      <RequireTwoFactorSetting orgId={org.id} canManage={canManage} />
      {myRole?.isOwner && <DeleteOrganizationSection />}
    </div>
  );
}
