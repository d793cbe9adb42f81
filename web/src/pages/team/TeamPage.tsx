import { api } from "../../api/endpoints";
import { useLoader } from "../../hooks/useLoader";
import { useOrgSession } from "../../session";
import { InvitationsSection } from "./InvitationsSection";
import { MembersSection } from "./MembersSection";
import { RolesSection } from "./RolesSection";

/** Team: members with their roles and engine grants, and the organization's roles. */
export function TeamPage() {
  const { org, canManage } = useOrgSession();
  const data = useLoader(async () => {
    const [members, engines] = await Promise.all([api.members(org.id), api.engines(org.id)]);
    return { members, engines };
  }, [org.id]);
  return (
    <>
      <div className="page-header">
        <h1>Team</h1>
      </div>
      <MembersSection
        members={data.data?.members}
        engines={data.data?.engines ?? []}
        error={data.error}
        reload={data.reload}
      />
      {canManage && <InvitationsSection />}
      <RolesSection />
    </>
  );
}
