/**
 * The one contract of the API: request schemas, the records every response carries, and the
 * closed vocabularies. The server validates and serializes with these schemas, the dashboard
 * imports their types, and docs/api.md is generated from the OpenAPI document they produce.
 * Pure data: nothing here imports Node or anything outside src/contract.
 */
export * from "./account-sessions.js";
export * from "./audit.js";
export * from "./cli-sessions.js";
export * from "./engines.js";
export * from "./fields.js";
export * from "./health.js";
export * from "./jobs.js";
export * from "./invitations.js";
export * from "./keys.js";
export * from "./limits.js";
export * from "./members.js";
export * from "./organizations.js";
export * from "./params.js";
export * from "./problem.js";
export * from "./process.js";
export * from "./providers.js";
export * from "./quality-report.js";
export * from "./roles.js";
export * from "./session.js";
export * from "./users.js";
export * from "./vocabulary.js";
export * from "./event-types.js";
export * from "./webhooks.js";
export * from "./sso.js";
export * from "./mfa.js";
