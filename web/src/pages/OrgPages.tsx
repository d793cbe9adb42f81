import { useMemo } from "react";
import { hasPermission } from "../../../src/core/authz/model";
import { api } from "../api/endpoints";
import type { Me, Organization, Role } from "../api/types";
import { ApiError } from "../api/http";
import { ErrorNotice } from "../components/ErrorNotice";
import { SsoRequired } from "./SsoRequired";
import { useLoader } from "../hooks/useLoader";
import type { OrgPageId } from "../routes";
import { OrgSessionContext, type OrgSession } from "../session";
import { AuditPage } from "./audit/AuditPage";
import { EnginesPage } from "./engines/EnginesPage";
import { JobsPage } from "./jobs/JobsPage";
import { KeysPage } from "./keys/KeysPage";
import { PlanPage } from "./plan/PlanPage";
import { TeamPage } from "./team/TeamPage";
import { UsagePage } from "./usage/UsagePage";
import { WebhooksPage } from "./webhooks/WebhooksPage";

interface OrgPagesProps {
  me: Me;
  orgId: string;
  page: OrgPageId;
  reloadMe: () => Promise<void>;
}

type OrgLoad = { org: Organization; roles: Role[] } | { ssoRequired: string };

/** Loads the organization and its roles, works out what the user may do there, and shows the page. */
export function OrgPages({ me, orgId, page, reloadMe }: OrgPagesProps) {
  const loaded = useLoader(async (): Promise<OrgLoad> => {
    try {
      const [org, roles] = await Promise.all([api.organization(orgId), api.roles(orgId)]);
      return { org, roles };
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === "sso_required") return { ssoRequired: caught.message };
      throw caught;
    }
  }, [orgId]);
  const reloadOrg = loaded.reload;

  const session = useMemo<OrgSession | null>(() => {
    if (!loaded.data || "ssoRequired" in loaded.data) return null;
    const membership = me.memberships.find((candidate) => candidate.organizationId === orgId);
    const myRole = loaded.data.roles.find((role) => role.id === membership?.roleId);
    return {
      me,
      org: loaded.data.org,
      roles: loaded.data.roles,
      myRole,
      canManage: hasPermission(myRole?.permissions ?? [], "org:manage_team"),
      reloadOrg,
      reloadMe,
    };
  }, [loaded.data, me, orgId, reloadOrg, reloadMe]);

  if (loaded.data && "ssoRequired" in loaded.data)
    return <SsoRequired email={me.email} message={loaded.data.ssoRequired} />;
  if (!session) {
    return loaded.error ? (
      <section>
        <h1>Organization unavailable</h1>
        <ErrorNotice message={loaded.error} />
      </section>
    ) : (
      <p aria-busy="true">Loading…</p>
    );
  }
  return (
    <OrgSessionContext.Provider value={session}>
      {page === "keys" && <KeysPage />}
      {page === "team" && <TeamPage />}
      {page === "engines" && <EnginesPage />}
      {page === "webhooks" && <WebhooksPage />}
      {page === "jobs" && <JobsPage />}
      {page === "usage" && <UsagePage />}
      {page === "audit" && <AuditPage />}
      {page === "plan" && <PlanPage />}
    </OrgSessionContext.Provider>
  );
}
