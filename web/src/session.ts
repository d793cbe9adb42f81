import { createContext, useContext } from "react";
import type { Me, Organization, Role } from "./api/types";

/** The signed-in user acting in one organization: what every organization page needs. */
export interface OrgSession {
  me: Me;
  org: Organization;
  roles: Role[];
  myRole: Role | undefined;
  /** Holds org:manage_team in this organization. */
  canManage: boolean;
  reloadOrg: () => Promise<void>;
  reloadMe: () => Promise<void>;
}

export const OrgSessionContext = createContext<OrgSession | null>(null);

export function useOrgSession(): OrgSession {
  const session = useContext(OrgSessionContext);
  if (!session) throw new Error("useOrgSession outside an organization page");
  return session;
}
