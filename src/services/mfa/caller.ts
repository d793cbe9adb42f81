import type { UserId } from "../../contract/ids.js";
import { checkRecentAuthentication, type SessionAuthentication } from "../../core/account/recent-authentication.js";
import { ensure } from "../../core/errors/app-error.js";
import { userHasSecondFactor } from "../../storage/repositories/two-factor.js";
import type { Sql } from "../../storage/sql.js";

/** The signed-in user managing their own factors, from this session, at this address. */
export interface MfaCaller {
  userId: UserId;
  email: string;
  client: string;
  session: SessionAuthentication & { tokenHash: string };
}

export function auditCaller(caller: MfaCaller) {
  return { userId: caller.userId, clientAddress: caller.client };
}

/** 403 `recent_authentication_required` unless the session authenticated recently (see the rule). */
export async function assertRecentAuthentication(tx: Sql, caller: MfaCaller, now = new Date()): Promise<void> {
  ensure(
    checkRecentAuthentication({
      session: caller.session,
      userHasSecondFactor: await userHasSecondFactor(tx, caller.userId),
      now,
    }),
  );
}
