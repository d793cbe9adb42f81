import { useCallback, useEffect, useState } from "react";
import type { Me } from "../api/types";

const STORAGE_KEY = "glossa.currentOrganization";

function stored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function store(orgId: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, orgId);
  } catch {
    // Storage may be off (private mode): pages outside an organization then offer the first one.
  }
}

/**
 * The organization the user is working in, remembered across pages and visits: the one in the
 * address on an organization page, else the last one visited (kept in localStorage, an id only),
 * else the first membership. A remembered id the user is no longer a member of is ignored.
 */
export function useCurrentOrg(me: Me | null | undefined, routeOrgId: string | undefined) {
  // Storage is the memory; this state only re-renders after a choice made in the picker.
  const [, setChoices] = useState(0);

  const remember = useCallback((orgId: string) => {
    store(orgId);
    setChoices((count) => count + 1);
  }, []);

  useEffect(() => {
    if (routeOrgId) store(routeOrgId);
  }, [routeOrgId]);

  const remembered = stored();
  const isMember = (orgId: string | null): orgId is string =>
    Boolean(orgId && me?.memberships.some((membership) => membership.organizationId === orgId));
  const currentOrgId = routeOrgId ?? (isMember(remembered) ? remembered : me?.memberships[0]?.organizationId);
  return { currentOrgId, remember };
}
