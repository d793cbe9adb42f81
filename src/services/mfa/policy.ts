import { checkTurnOnTwoFactorPolicy } from "../../core/account/two-factor-policy.js";
import { requireManageTeam } from "../../core/authz/team-rules.js";
import { ensure } from "../../core/errors/app-error.js";
import {
  findRequireTwoFactor,
  setRequireTwoFactor,
  userHasSecondFactor,
} from "../../storage/repositories/two-factor.js";
import type { Sql } from "../../storage/sql.js";
import { audit } from "../management/audit.js";
import { asMember, inOrg, type OrgScope } from "../management/in-org.js";

export async function getTwoFactorPolicy(sql: Sql, scope: OrgScope) {
  await asMember(sql, scope);
  return { requireTwoFactor: await findRequireTwoFactor(sql, scope.organizationId) };
}

/**
 * Turns "require two-factor" on or off (`org:manage_team`). Turning it on needs the person doing
 * it to have a second factor themselves (409 `two_factor_not_enrolled`), so nobody locks
 * themselves out; the policy gate already made sure this session passed it.
 */
export async function setTwoFactorPolicy(sql: Sql, scope: OrgScope, requireTwoFactor: boolean) {
  return inOrg(sql, scope, async (tx, actor) => {
    ensure(requireManageTeam(actor));
    ensure(
      checkTurnOnTwoFactorPolicy({
        requireTwoFactor,
        actorHasSecondFactor: await userHasSecondFactor(tx, actor.userId),
      }),
    );
    const before = await findRequireTwoFactor(tx, scope.organizationId);
    if (before !== requireTwoFactor) {
      await setRequireTwoFactor(tx, scope.organizationId, requireTwoFactor);
      await audit(tx, actor, {
        action: "organization.two_factor_required_changed",
        targetId: scope.organizationId,
        details: { requireTwoFactor },
      });
    }
    return { requireTwoFactor };
  });
}
