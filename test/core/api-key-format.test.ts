import { describe, expect, it } from "vitest";
import {
  KEY_LENGTH,
  apiKeyStart,
  formatApiKeySecret,
  generateApiKeySecret,
  hashApiKeySecret,
  isWellFormedApiKey,
  keyChecksum,
} from "../../src/core/keys/api-key-format.js";
import { bytesToBase62, encodeBase62 } from "../../src/core/keys/base62.js";
import { crc32 } from "node:zlib";

describe("docs/authorization.md secret format: gls_ + 32 base62 of randomness + 6 base62 of a CRC32 checksum", () => {
  it("generates gls_ + 38 base62 characters", () => {
    const secret = generateApiKeySecret();
    expect(secret).toMatch(/^gls_[0-9A-Za-z]{38}$/);
    expect(secret).toHaveLength(KEY_LENGTH);
  });

  it("ends with the CRC32 of the random part, base62-encoded to 6 characters", () => {
    const random = "abcdefghijABCDEFGHIJ0123456789xy";
    const secret = formatApiKeySecret(random);
    expect(secret.slice(4, 36)).toBe(random);
    expect(secret.slice(36)).toBe(encodeBase62(crc32(random), 6));
    expect(keyChecksum(random)).toHaveLength(6);
  });

  it("generates distinct secrets", () => {
    const secrets = new Set(Array.from({ length: 1000 }, generateApiKeySecret));
    expect(secrets.size).toBe(1000);
  });

  it("uses every base62 character in the random part (no alphabet bias dropping characters)", () => {
    const seen = new Set(
      Array.from({ length: 400 }, generateApiKeySecret).flatMap((secret) => [...secret.slice(4, 36)]),
    );
    expect(seen.size).toBe(62);
  });

  it("maps random bytes without modulo bias: bytes from 248 up are skipped", () => {
    expect(bytesToBase62(Uint8Array.from([0, 61, 62, 247, 248, 255, 1]), 10)).toBe("0z0z1");
  });

  it("keeps the first 12 characters as the key's start", () => {
    const secret = generateApiKeySecret();
    expect(apiKeyStart(secret)).toBe(secret.slice(0, 12));
  });

  it("stores only a SHA-256 hex digest, never the secret", () => {
    const secret = generateApiKeySecret();
    const hash = hashApiKeySecret(secret);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(secret.slice(4));
  });
});

describe("the validator rejects a mistyped key before any database work", () => {
  const valid = formatApiKeySecret("abcdefghijABCDEFGHIJ0123456789xy");
  const flipped = (index: number) =>
    valid.slice(0, index) + (valid[index] === "a" ? "b" : "a") + valid.slice(index + 1);

  it.each([
    ["a well-formed key", valid, true],
    ["one changed character in the random part", flipped(10), false],
    ["one changed character in the checksum", flipped(40), false],
    ["a missing character", valid.slice(0, -1), false],
    ["an extra character", valid + "a", false],
    ["another prefix", "glx_" + valid.slice(4), false],
    ["a non-base62 character", valid.slice(0, 20) + "-" + valid.slice(21), false],
    ["an empty string", "", false],
    ["whitespace around it", ` ${valid}`, false],
  ])("%s", (_name, candidate, expected) => {
    expect(isWellFormedApiKey(candidate)).toBe(expected);
  });
});
