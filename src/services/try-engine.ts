import type { SessionFacts } from "../core/account/sso-policy.js";
import type { EngineId, OrganizationId, UserId } from "../contract/ids.js";
import type { LocalizeResponse } from "../contract/process.js";
import { findEngine } from "../storage/repositories/engines.js";
import { DASHBOARD_SESSION_KEY_ID } from "./key-principal.js";
import type { LocalizeDeps } from "./localize.js";
import { localizeCall } from "./localize-call.js";
import { userEngineReach } from "./user-engine-reach.js";

/** As the dashboard sends it: the locales are normalized (or refused) like a key call's. */
export interface TryEngineInput {
  sourceLocale: string;
  targetLocale: string;
  data: object;
}

/**
 * The dashboard's "try it" call: a localize request on one engine, authorized for the
 * signed-in user the way their personal key would be (same reach, same 404/403 codes).
 */
export async function tryEngine(
  deps: LocalizeDeps,
  {
    organizationId,
    engineId,
    user,
    session,
  }: {
    organizationId: OrganizationId;
    engineId: EngineId;
    user: { id: UserId; email: string };
    session?: SessionFacts | undefined;
  },
  input: TryEngineInput,
): Promise<LocalizeResponse> {
  return localizeCall(
    { engineId, sourceLocale: input.sourceLocale, targetLocale: input.targetLocale, data: input.data },
    {
      authorize: async () => ({
        keyId: DASHBOARD_SESSION_KEY_ID,
        organizationId,
        kind: "personal",
        userId: user.id,
        email: user.email,
        reach: await userEngineReach(deps.sql, { organizationId, actorId: user.id, session }),
        engine: await findEngine(deps.sql, organizationId, engineId),
        limits: null,
      }),
    },
    deps,
  );
}
