import {
  BarChart3,
  Cpu,
  CreditCard,
  KeyRound,
  Languages,
  ListChecks,
  LogOut,
  ScrollText,
  ShieldCheck,
  UserRound,
  Users,
  Webhook,
  type LucideIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import type { Me } from "../api/types";
import { ORG_PAGES, orgPath, type OrgPageId } from "../routes";
import { AppLink } from "./AppLink";
import { OrgSwitcher } from "./OrgSwitcher";

interface LayoutProps {
  me: Me;
  /** The organization in the address, else the one the user was last in. */
  orgId: string | undefined;
  /** Remembers a choice made in the picker on a page outside any organization. */
  onOrgChosen: (orgId: string) => void;
  page: string;
  onSignOut: () => void;
  children: ReactNode;
}

const NAV_ICONS: Record<OrgPageId, LucideIcon> = {
  keys: KeyRound,
  team: Users,
  engines: Cpu,
  webhooks: Webhook,
  jobs: ListChecks,
  usage: BarChart3,
  audit: ScrollText,
  plan: CreditCard,
};

/** Header (organization, user, sign out), navigation, and the page. */
export function Layout({ me, orgId, onOrgChosen, page, onSignOut, children }: LayoutProps) {
  const navOrgId = orgId ?? me.memberships[0]?.organizationId;
  const isOrgPage = ORG_PAGES.some((candidate) => candidate.id === page);
  const orgPage: OrgPageId = isOrgPage ? (page as OrgPageId) : "keys";
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <AppLink href="/" className="brand">
          <Languages size={20} aria-hidden="true" />
          Glossa
        </AppLink>
        <OrgSwitcher me={me} orgId={orgId} page={orgPage} navigates={isOrgPage} onChosen={onOrgChosen} />
        <div className="topbar-user">
          <span className="muted" title={me.email}>
            {me.email}
          </span>
          <AppLink href="/account" className="topbar-link" aria-current={page === "account" ? "page" : undefined}>
            <UserRound size={16} aria-hidden="true" />
            Account
          </AppLink>
          <button type="button" onClick={onSignOut}>
            <LogOut size={16} aria-hidden="true" />
            Sign out
          </button>
        </div>
      </header>
      <nav className="mainnav" aria-label="Main">
        <ul>
          {navOrgId &&
            ORG_PAGES.map((candidate) => {
              const Icon = NAV_ICONS[candidate.id];
              return (
                <li key={candidate.id}>
                  <AppLink
                    href={orgPath(navOrgId, candidate.id)}
                    aria-current={isOrgPage && page === candidate.id ? "page" : undefined}
                  >
                    <Icon size={16} aria-hidden="true" />
                    {candidate.label}
                  </AppLink>
                </li>
              );
            })}
          {me.isAdmin && (
            <li>
              <AppLink href="/admin" aria-current={page === "admin" ? "page" : undefined}>
                <ShieldCheck size={16} aria-hidden="true" />
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
