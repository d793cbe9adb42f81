/**
 * Public, non-secret identifiers (`key_4f9…`): a type prefix and random base62 characters.
 * The prefix is part of the type, so an organization id cannot be passed where a key id is expected.
 */
export const ID_PREFIXES = [
  "usr",
  "org",
  "rol",
  "eng",
  "key",
  "aud",
  "evt",
  "whk",
  "dlv",
  "job",
  "inv",
  "ses",
  "pky",
] as const;
export type IdPrefix = (typeof ID_PREFIXES)[number];
export type Id<Prefix extends IdPrefix> = `${Prefix}_${string}`;

export type UserId = Id<"usr">;
export type OrganizationId = Id<"org">;
export type RoleId = Id<"rol">;
export type EngineId = Id<"eng">;
export type KeyId = Id<"key">;
export type AuditEventId = Id<"aud">;
export type EventId = Id<"evt">;
export type WebhookId = Id<"whk">;
export type DeliveryId = Id<"dlv">;
export type JobId = Id<"job">;
export type InvitationId = Id<"inv">;
/** A dashboard sign-in session (its public id; the token itself is never shown). */
export type SessionId = Id<"ses">;
export type PasskeyId = Id<"pky">;

/**
 * Whether a caller-supplied string has the shape of an id of this kind. A string without the
 * prefix names nothing that exists, so callers treat it exactly like an id that is not found.
 */
export function isId<Prefix extends IdPrefix>(prefix: Prefix, value: string): value is Id<Prefix> {
  return value.startsWith(`${prefix}_`);
}
