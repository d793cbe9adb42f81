import { describe, expect, it } from "vitest";
import { Secret } from "otpauth";
import { checkTotpCode, totpCode, totpStep, totpUri, type TotpAlgorithm } from "../../src/core/account/totp.js";

/** RFC 6238 Appendix B: 8 digits, 30-second steps; each algorithm has its own ASCII seed. */
const SEEDS: Record<TotpAlgorithm, string> = {
  SHA1: "12345678901234567890",
  SHA256: "12345678901234567890123456789012",
  SHA512: "1234567890123456789012345678901234567890123456789012345678901234",
};

const VECTORS: [number, TotpAlgorithm, string][] = [
  [59, "SHA1", "94287082"],
  [59, "SHA256", "46119246"],
  [59, "SHA512", "90693936"],
  [1111111109, "SHA1", "07081804"],
  [1111111109, "SHA256", "68084774"],
  [1111111109, "SHA512", "25091201"],
  [1111111111, "SHA1", "14050471"],
  [1111111111, "SHA256", "67062674"],
  [1111111111, "SHA512", "99943326"],
  [1234567890, "SHA1", "89005924"],
  [1234567890, "SHA256", "91819424"],
  [1234567890, "SHA512", "93441116"],
  [2000000000, "SHA1", "69279037"],
  [2000000000, "SHA256", "90698825"],
  [2000000000, "SHA512", "38618901"],
  [20000000000, "SHA1", "65353130"],
  [20000000000, "SHA256", "77737706"],
  [20000000000, "SHA512", "47863826"],
];

const params = (algorithm: TotpAlgorithm) => ({
  secretBase32: Secret.fromLatin1(SEEDS[algorithm]).base32,
  algorithm,
  digits: 8,
});

describe("totpCode: the RFC 6238 Appendix B test vectors", () => {
  it.each(VECTORS)("T=%i %s → %s", (seconds, algorithm, expected) => {
    expect(totpCode(params(algorithm), seconds * 1000)).toBe(expected);
    const checked = checkTotpCode(params(algorithm), expected, seconds * 1000, null);
    expect(checked).toEqual({ ok: true, step: totpStep(seconds * 1000) });
  });
});

describe("checkTotpCode: ±1 step, replays and malformed codes", () => {
  const p = { secretBase32: Secret.fromLatin1(SEEDS.SHA1).base32 };
  const now = 1_700_000_000_000;
  const step = totpStep(now);
  it.each([
    ["the current step", 0, null, { ok: true, step }],
    ["one step earlier (clock drift)", -1, null, { ok: true, step: step - 1 }],
    ["one step later", 1, null, { ok: true, step: step + 1 }],
    ["two steps earlier", -2, null, { ok: false, reason: "wrong" }],
    ["two steps later", 2, null, { ok: false, reason: "wrong" }],
    ["the step already used (replay)", 0, step, { ok: false, reason: "replay" }],
    ["an older step than the one used", -1, step, { ok: false, reason: "replay" }],
    ["a later step than the one used", 1, step, { ok: true, step: step + 1 }],
  ] as const)("%s", (_case, offset, lastUsed, expected) => {
    const code = totpCode(p, now + offset * 30_000);
    expect(checkTotpCode(p, code, now, lastUsed)).toEqual(expected);
  });

  it.each(["", "12345", "1234567", "abcdef", "12 34 5x"])("refuses the malformed code %j", (code) => {
    expect(checkTotpCode(p, code, now, null)).toEqual({ ok: false, reason: "wrong" });
  });

  it("accepts a code typed with spaces", () => {
    const code = totpCode(p, now);
    expect(checkTotpCode(p, `${code.slice(0, 3)} ${code.slice(3)}`, now, null).ok).toBe(true);
  });

  it("builds the otpauth:// URI authenticator apps scan", () => {
    const uri = totpUri(p, "ada@example.test", "Glossa");
    expect(uri).toMatch(/^otpauth:\/\/totp\/Glossa:ada%40example\.test\?/);
    expect(uri).toContain(`secret=${p.secretBase32}`);
    expect(uri).toContain("period=30");
    expect(uri).toContain("digits=6");
  });
});
