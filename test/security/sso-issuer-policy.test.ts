import { describe, expect, it } from "vitest";
import { isNamedPrivateHost, ssoAddressPolicyFrom } from "../../src/security/outbound/sso-policy.js";

/** Which issuers may use plain http: only hosts the instance admin named in GLOSSA_SSO_ALLOWED_HOSTS. */
describe("isNamedPrivateHost (GLOSSA_SSO_ALLOWED_HOSTS)", () => {
  const policy = ssoAddressPolicyFrom("idp.internal,127.0.0.1,10.0.0.0/8");
  it.each([
    ["idp.internal", true],
    ["IDP.internal.", true],
    ["127.0.0.1", true],
    ["10.1.2.3", true],
    ["192.168.1.1", false],
    ["other.internal", false],
    // A public address or name never gets plain http, listed or not.
    ["8.8.8.8", false],
    ["accounts.google.com", false],
    ["169.254.169.254", false],
  ] as const)("%s → %s", (host, expected) => {
    expect(isNamedPrivateHost(policy, host)).toBe(expected);
  });

  it("an unset list names nothing; a malformed entry stops the server from starting", () => {
    expect(isNamedPrivateHost(ssoAddressPolicyFrom(""), "127.0.0.1")).toBe(false);
    expect(() => ssoAddressPolicyFrom("10.0.0.0/99")).toThrow(/GLOSSA_SSO_ALLOWED_HOSTS/);
  });
});
