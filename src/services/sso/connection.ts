import type { OrganizationId, RoleId } from "../../contract/ids.js";
import type { SsoConnection, SsoConnectionBody, SsoIssuerMetadata } from "../../contract/sso.js";
import { mayChangeRequireSso } from "../../core/account/sso-policy.js";
import { normalizeDomains } from "../../core/account/sso-identity.js";
import { requireManageTeam } from "../../core/authz/team-rules.js";
import { AppError, ensure } from "../../core/errors/app-error.js";
import { outboundUrlProblem } from "../../core/net/outbound-url.js";
import { decryptCredentials, encryptCredentials } from "../../security/credential-box.js";
import { findRole } from "../../storage/repositories/roles.js";
import {
  claimSsoDomains,
  deleteSsoConnection,
  deleteSsoDomainsOf,
  findSsoConnection,
  upsertSsoConnection,
  type SsoConnectionRow,
} from "../../storage/repositories/sso-connections.js";
import type { Sql } from "../../storage/sql.js";
import { audit } from "../management/audit.js";
import { asMember, inOrg, type OrgScope } from "../management/in-org.js";
import { discoveryProblem, issuerMetadata, relyingParty, type SsoSettings } from "./oidc.js";

/** Reading and changing the SSO connection needs `org:manage_team` (docs/DECISIONS.md). */
async function asManager(sql: Sql, scope: OrgScope) {
  const actor = await asMember(sql, scope);
  ensure(requireManageTeam(actor));
  return actor;
}

function connectionView(row: SsoConnectionRow | null, settings: SsoSettings): SsoConnection {
  return {
    configured: row !== null,
    issuer: row?.issuer ?? "",
    clientId: row?.clientId ?? "",
    clientSecretSet: row !== null,
    domains: row?.domains ?? [],
    defaultRoleId: row?.defaultRoleId ?? null,
    requireSso: row?.requireSso ?? false,
    redirectUri: settings.redirectUri,
    updatedAt: row ? new Date(row.updatedAt).toISOString() : null,
  };
}

/** The issuer as stored: the shape of an outbound URL, https unless the admin named its host. */
function requireIssuerShape(issuer: string): string {
  const problem = outboundUrlProblem(issuer, { allowQuery: false });
  if (problem) throw AppError.invalidRequest(`The issuer URL ${problem}.`, [{ path: "/issuer", message: problem }]);
  return issuer;
}

/** Runs discovery now: a connection that cannot be discovered is not saved (422 with the reason). */
async function discover(
  settings: SsoSettings,
  connection: { issuer: string; clientId: string; clientSecret?: string },
) {
  try {
    return await relyingParty(settings, connection);
  } catch (error) {
    throw AppError.of("sso_discovery_failed", { reason: discoveryProblem(error) });
  }
}

export function sealClientSecret(settings: SsoSettings, organizationId: OrganizationId, clientSecret: string): string {
  if (!settings.secretKey) throw new AppError("secret_key_missing");
  return encryptCredentials(settings.secretKey, organizationId, { clientSecret });
}

export function openClientSecret(settings: SsoSettings, organizationId: OrganizationId, sealed: string): string {
  if (!settings.secretKey) throw new AppError("secret_key_missing");
  const opened = decryptCredentials(settings.secretKey, organizationId, sealed);
  return String(opened.clientSecret);
}

export async function getSsoConnection(sql: Sql, scope: OrgScope, settings: SsoSettings): Promise<SsoConnection> {
  await asManager(sql, scope);
  return connectionView(await findSsoConnection(sql, scope.organizationId), settings);
}

/**
 * Creates or replaces the connection. Discovery runs first (outside the transaction): an issuer
 * that cannot be reached, or that the address guard refuses, is not saved. A domain another
 * organization covers is refused (409); turning requireSso on needs an SSO session of this
 * organization (core/account/sso-policy.ts).
 */
export async function putSsoConnection(
  sql: Sql,
  scope: OrgScope,
  input: SsoConnectionBody,
  settings: SsoSettings,
): Promise<SsoConnection> {
  await asManager(sql, scope);
  const issuer = requireIssuerShape(input.issuer);
  await discover(settings, { issuer, clientId: input.clientId });
  const domains = normalizeDomains(input.domains);
  const row = await inOrg(sql, scope, async (tx, actor) => {
    ensure(requireManageTeam(actor));
    const before = await findSsoConnection(tx, actor.organizationId);
    const requireSso = input.requireSso ?? before?.requireSso ?? false;
    if (scope.session)
      ensure(
        mayChangeRequireSso(
          { organizationId: actor.organizationId, from: before?.requireSso ?? false, to: requireSso },
          scope.session,
        ),
      );
    const role = await findRole(tx, input.defaultRoleId as RoleId);
    if (!role || role.organizationId !== actor.organizationId)
      throw AppError.of("role_not_found", { roleId: input.defaultRoleId });
    if (role.isOwner)
      throw AppError.invalidRequest("New members cannot get the Owner role just by signing in.", [
        { path: "/defaultRoleId", message: "must not be the Owner role" },
      ]);
    let sealed: string;
    if (input.clientSecret !== undefined) sealed = sealClientSecret(settings, actor.organizationId, input.clientSecret);
    else if (before) sealed = before.clientSecretSealed;
    else
      throw AppError.invalidRequest("The client secret is required the first time.", [
        { path: "/clientSecret", message: "is required" },
      ]);
    await upsertSsoConnection(tx, {
      organizationId: actor.organizationId,
      issuer,
      clientId: input.clientId,
      clientSecretSealed: sealed,
      defaultRoleId: role.id,
      requireSso,
    });
    await deleteSsoDomainsOf(tx, actor.organizationId);
    const claimed = await claimSsoDomains(tx, actor.organizationId, domains);
    const taken = domains.find((domain) => !claimed.includes(domain));
    if (taken) throw AppError.of("sso_domain_taken", { domain: taken });
    await audit(tx, actor, {
      action: "sso.configured",
      targetId: actor.organizationId,
      details: {
        issuer,
        clientId: input.clientId,
        domains,
        defaultRoleId: role.id,
        defaultRoleName: role.name,
        secretChanged: input.clientSecret !== undefined,
      },
    });
    if (requireSso !== (before?.requireSso ?? false))
      await audit(tx, actor, {
        action: "sso.required_changed",
        targetId: actor.organizationId,
        details: { requireSso, breakGlass: scope.session?.authMethod !== "sso" },
      });
    return findSsoConnection(tx, actor.organizationId);
  });
  return connectionView(row, settings);
}

/** Removes the connection; refused while it is required (409), or nobody but instance admins could sign in. */
export async function removeSsoConnection(sql: Sql, scope: OrgScope): Promise<void> {
  await inOrg(sql, scope, async (tx, actor) => {
    ensure(requireManageTeam(actor));
    const before = await findSsoConnection(tx, actor.organizationId);
    if (!before) throw new AppError("sso_not_configured");
    if (before.requireSso) throw new AppError("sso_still_required");
    await deleteSsoConnection(tx, actor.organizationId);
    await audit(tx, actor, {
      action: "sso.removed",
      targetId: actor.organizationId,
      details: { issuer: before.issuer, domains: before.domains },
    });
  });
}

/** "Test connection": discovery at the given issuer (or the saved one), and what it found. */
export async function testSsoConnection(
  sql: Sql,
  scope: OrgScope,
  input: { issuer?: string | undefined },
  settings: SsoSettings,
): Promise<SsoIssuerMetadata> {
  await asManager(sql, scope);
  const saved = input.issuer === undefined ? await findSsoConnection(sql, scope.organizationId) : null;
  const issuer = input.issuer ?? saved?.issuer;
  if (!issuer) throw new AppError("sso_not_configured");
  const config = await discover(settings, {
    issuer: requireIssuerShape(issuer),
    clientId: saved?.clientId ?? "glossa",
  });
  return issuerMetadata(config);
}
