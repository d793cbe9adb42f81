import { describe, expect, it } from "vitest";
import { decryptCredentials, encryptCredentials } from "../../src/security/credential-box.js";

describe("credential encryption (AES-256-GCM)", () => {
  const secret = "a-long-random-secret-key";
  const credentials = { apiKey: "sk-very-secret-value" };

  it("round-trips, with a fresh IV every time, and the plaintext nowhere in the sealed value", () => {
    const first = encryptCredentials(secret, "org_a", credentials);
    const second = encryptCredentials(secret, "org_a", credentials);
    expect(first).not.toBe(second);
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(first).not.toContain("sk-very-secret-value");
    expect(decryptCredentials(secret, "org_a", first)).toEqual(credentials);
  });

  it.each([
    ["another secret", "another-secret", "org_a", (sealed: string) => sealed],
    ["another organization", secret, "org_b", (sealed: string) => sealed],
    [
      "a tampered ciphertext",
      secret,
      "org_a",
      (sealed: string) => sealed.slice(0, -2) + (sealed.endsWith("AA") ? "BB" : "AA"),
    ],
    ["an unknown format", secret, "org_a", () => "v0.x.y.z"],
  ])("refuses %s", (_, key, organizationId, alter) => {
    const sealed = alter(encryptCredentials(secret, "org_a", credentials));
    expect(() => decryptCredentials(key, organizationId, sealed)).toThrow();
  });
});
