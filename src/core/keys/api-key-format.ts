import { hash } from "node:crypto";
import { crc32 } from "node:zlib";
import { BASE62_PATTERN, encodeBase62 } from "./base62.js";
import { randomBase62 } from "./random.js";

/**
 * Glossa API key secrets: `gls_` + 32 base62 characters of randomness + 6 base62
 * characters of the CRC32 of those 32 characters. The checksum lets secret scanners
 * (and our own validator) recognise a Glossa key, or a mistyped one, without a lookup.
 */
export const KEY_PREFIX = "gls_";
export const KEY_RANDOM_LENGTH = 32;
export const KEY_CHECKSUM_LENGTH = 6;
export const KEY_LENGTH = KEY_PREFIX.length + KEY_RANDOM_LENGTH + KEY_CHECKSUM_LENGTH;
/** How many leading characters of a secret are kept to recognise it in lists. */
export const KEY_START_LENGTH = 12;

export function keyChecksum(randomPart: string): string {
  return encodeBase62(crc32(randomPart), KEY_CHECKSUM_LENGTH);
}

/** Builds a secret from its random part (pure; see `generateApiKeySecret`). */
export function formatApiKeySecret(randomPart: string): string {
  if (randomPart.length !== KEY_RANDOM_LENGTH || !BASE62_PATTERN.test(randomPart)) {
    throw new RangeError(`the random part must be ${KEY_RANDOM_LENGTH} base62 characters`);
  }
  return KEY_PREFIX + randomPart + keyChecksum(randomPart);
}

export function generateApiKeySecret(): string {
  return formatApiKeySecret(randomBase62(KEY_RANDOM_LENGTH));
}

/** True when the string has the shape of a Glossa key and its checksum matches. */
export function isWellFormedApiKey(candidate: string): boolean {
  if (candidate.length !== KEY_LENGTH || !candidate.startsWith(KEY_PREFIX)) return false;
  const body = candidate.slice(KEY_PREFIX.length);
  if (!BASE62_PATTERN.test(body)) return false;
  const randomPart = body.slice(0, KEY_RANDOM_LENGTH);
  return body.slice(KEY_RANDOM_LENGTH) === keyChecksum(randomPart);
}

/** The only form in which a secret is stored: hex SHA-256. */
export function hashApiKeySecret(secret: string): string {
  return hash("sha256", secret, "hex");
}

export function apiKeyStart(secret: string): string {
  return secret.slice(0, KEY_START_LENGTH);
}
