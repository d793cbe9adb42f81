import type { UserId } from "../../contract/ids.js";
import { hasPermission } from "../authz/model.js";

/**
 * Whose jobs a member sees in the dashboard (docs/DECISIONS.md "Jobs"): with `org:manage_team`,
 * every job of the organization (like every key); otherwise the jobs of their own personal keys.
 */
export function jobListOwner(actor: { userId: UserId; permissions: readonly string[] }): { keyOwnerId: UserId | null } {
  return { keyOwnerId: hasPermission(actor.permissions, "org:manage_team") ? null : actor.userId };
}
