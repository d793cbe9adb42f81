import { useId } from "react";
import type { Me } from "../api/types";
import { navigate } from "../hooks/useLocationPath";
import { orgPath, type OrgPageId } from "../routes";

interface OrgSwitcherProps {
  me: Me;
  orgId: string | undefined;
  page: OrgPageId;
  /** On an organization page a choice opens the same page of the other organization; elsewhere it is remembered. */
  navigates: boolean;
  onChosen: (orgId: string) => void;
}

/** Picks the organization to work in; shown when the user belongs to more than one. */
export function OrgSwitcher({ me, orgId, page, navigates, onChosen }: OrgSwitcherProps) {
  const id = useId();
  if (me.memberships.length === 0) return null;
  if (me.memberships.length === 1) {
    const only = me.memberships[0]!;
    return <span className="org-name">{only.organizationName ?? only.organizationId}</span>;
  }
  return (
    <div className="org-switcher">
      <label htmlFor={id}>Organization</label>
      <select
        id={id}
        value={orgId ?? ""}
        onChange={(event) => {
          onChosen(event.target.value);
          if (navigates) navigate(orgPath(event.target.value, page));
        }}
      >
        {orgId === undefined && <option value="">Choose…</option>}
        {me.memberships.map((membership) => (
          <option key={membership.organizationId} value={membership.organizationId}>
            {membership.organizationName ?? membership.organizationId}
          </option>
        ))}
      </select>
    </div>
  );
}
