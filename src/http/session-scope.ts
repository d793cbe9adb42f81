import type { FastifyRequest } from "fastify";
import type { SessionFacts } from "../core/account/sso-policy.js";
import type { Caller } from "../services/management/audit.js";
import { pathIds, type PathIds, type PathParams } from "./path-ids.js";
import { currentUser } from "./plugins/session-auth.js";

/** The signed-in user, and the address of the request (the audit log records it). */
export function callerOf(request: FastifyRequest): Caller {
  return { userId: currentUser(request).id, clientAddress: request.ip };
}

/** The ids in the path, the signed-in user who acts, and where the request came from: what every use case starts from. */
export function sessionScope<Params extends PathParams>(
  request: FastifyRequest & { params: Params },
): PathIds<Params> & { actorId: Caller["userId"]; clientAddress: string; session: SessionFacts } {
  const user = currentUser(request);
  return {
    ...pathIds(request.params),
    actorId: user.id,
    clientAddress: request.ip,
    session: { authMethod: user.authMethod, ssoOrganizationId: user.ssoOrganizationId, isInstanceAdmin: user.isAdmin },
  };
}
