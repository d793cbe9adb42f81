import type { ReactNode } from "react";
import type { Me } from "../api/types";
import { ORG_PAGES, orgPath, type OrgPageId } from "../routes";
import { AppLink } from "./AppLink";
import { OrgSwitcher } from "./OrgSwitcher";

interface LayoutProps {
  me: Me;
  orgId: string | undefined;
  page: string;
  onSignOut: () => void;
  children: ReactNode;
}

/** Header (organization, user, sign out), navigation, and the page. */
export function Layout({ me, orgId, page, onSignOut, children }: LayoutProps) {
  const navOrgId = orgId ?? me.memberships[0]?.organizationId;
  const orgPage: OrgPageId = ORG_PAGES.some((candidate) => candidate.id === page) ? (page as OrgPageId) : "keys";
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <AppLink href="/" className="brand">
          Glossa
        </AppLink>
        <OrgSwitcher me={me} orgId={orgId} page={orgPage} />
        <div className="topbar-user">
          <span className="muted" title={me.email}>
            {me.email}
          </span>
          <AppLink href="/account" className="topbar-link" aria-current={page === "account" ? "page" : undefined}>
            Account
          </AppLink>
          <button type="button" onClick={onSignOut}>
            Sign out
          </button>
        </div>
      </header>
      <nav className="mainnav" aria-label="Main">
        <ul>
          {navOrgId &&
            ORG_PAGES.map((candidate) => (
              <li key={candidate.id}>
                <AppLink
                  href={orgPath(navOrgId, candidate.id)}
                  aria-current={orgId && page === candidate.id ? "page" : undefined}
                >
                  {candidate.label}
                </AppLink>
              </li>
            ))}
          {me.isAdmin && (
            <li>
              <AppLink href="/admin" aria-current={page === "admin" ? "page" : undefined}>
                Admin
              </AppLink>
            </li>
          )}
        </ul>
      </nav>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
