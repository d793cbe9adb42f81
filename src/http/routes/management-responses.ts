import { problemResponses } from "../../contract/problem.js";

/**
 * What the organization's management routes (organizations, roles, members, engines, keys) share:
 * the session they are authenticated by, and the refusals each kind of route documents.
 */
export const SESSION_SECURITY = [{ session: [] }];
export const MANAGEMENT_RESPONSES = {
  read: problemResponses(400, 401, 404, 503),
  write: problemResponses(400, 401, 403, 404, 413, 415, 503),
  writeOrConflict: problemResponses(400, 401, 403, 404, 409, 413, 415, 503),
  remove: problemResponses(400, 401, 403, 404, 503),
};
