export const ORG_PAGES = [
  { id: "keys", label: "API keys" },
  { id: "team", label: "Team" },
  { id: "engines", label: "Engines" },
  { id: "webhooks", label: "Webhooks" },
  { id: "jobs", label: "Jobs" },
  { id: "usage", label: "Usage" },
  { id: "audit", label: "Audit log" },
  { id: "plan", label: "Plan" },
] as const;

export type OrgPageId = (typeof ORG_PAGES)[number]["id"];

export type Route =
  | { kind: "home" }
  | { kind: "admin" }
  | { kind: "account" }
  | { kind: "invitation"; token: string }
  | { kind: "forgot-password" }
  | { kind: "reset-password"; token: string }
  | { kind: "org"; orgId: string; page: OrgPageId }
  | { kind: "cli-login"; sessionId: string }
  | { kind: "not-found" };

export function orgPath(orgId: string, page: OrgPageId = "keys"): string {
  return `/orgs/${encodeURIComponent(orgId)}/${page}`;
}

export function parseRoute(path: string): Route {
  if (path === "/" || path === "") return { kind: "home" };
  if (path === "/admin") return { kind: "admin" };
  const cliLogin = /^\/cli-login\/([^/]+)\/?$/.exec(path);
  if (cliLogin) return { kind: "cli-login", sessionId: decodeURIComponent(cliLogin[1]!) };
  if (path === "/account") return { kind: "account" };
  if (path === "/forgot-password") return { kind: "forgot-password" };
  const reset = /^\/reset-password\/([^/]+)\/?$/.exec(path);
  if (reset) return { kind: "reset-password", token: decodeURIComponent(reset[1]!) };
  const invitation = /^\/invitations\/([^/]+)\/?$/.exec(path);
  if (invitation) return { kind: "invitation", token: decodeURIComponent(invitation[1]!) };
  const match = /^\/orgs\/([^/]+)(?:\/([a-z]+))?\/?$/.exec(path);
  if (match) {
    const page = (match[2] ?? "keys") as OrgPageId;
    if (ORG_PAGES.some((candidate) => candidate.id === page))
      return { kind: "org", orgId: decodeURIComponent(match[1]!), page };
  }
  return { kind: "not-found" };
}
