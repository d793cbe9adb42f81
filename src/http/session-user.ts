import type { OrganizationId, UserId } from "../contract/ids.js";

/**
 * Who a dashboard session belongs to, as the session plugin (plugins/session-auth.ts) puts it on
 * the request; here, below the plugin and the checks it runs (two-factor-gate.ts), so that
 * imports run one way.
 */
export interface SessionUser {
  id: UserId;
  email: string;
  name: string;
  isAdmin: boolean;
  /** The session itself: its token's hash, when it proved the password and when a second factor. */
  session: { tokenHash: string; authenticatedAt: Date; secondFactorAt: Date | null };
  /** How this session was opened, and through which organization's SSO connection. */
  authMethod: "password" | "sso";
  ssoOrganizationId: OrganizationId | null;
}

declare module "fastify" {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
    /** The hash of the token this request's session holds now (after a rotation, the new one). */
    sessionTokenHash: string | null;
  }
}
