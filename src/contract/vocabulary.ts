/**
 * The closed vocabularies of docs/authorization.md, one list each. Pure data: the server's rules, its schemas,
 * the dashboard and the API reference all read these lists.
 */

export const PERMISSIONS = ["engine:access", "org:manage_team"] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PLANS = ["free", "pro", "enterprise"] as const;
export type Plan = (typeof PLANS)[number];

export const KEY_KINDS = ["personal", "service"] as const;
export type KeyKind = (typeof KEY_KINDS)[number];

/** Why a key that exists works or not: `deactivated` (plan lost RBAC), `denied` (its owner left). */
export const KEY_STATES = ["active", "deactivated", "denied", "expired"] as const;
export type KeyState = (typeof KEY_STATES)[number];

/** A job's lifecycle (docs/jobs.md): queued → running → succeeded | failed | canceled. */
export const JOB_STATUSES = ["queued", "running", "succeeded", "failed", "canceled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The API a key-authenticated call came through: the list is `PROTOCOLS` in protocols.ts. */
export { USAGE_PROTOCOLS, type UsageProtocol } from "./protocols.js";
