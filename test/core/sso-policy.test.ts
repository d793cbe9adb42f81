import { describe, expect, it } from "vitest";
import { mayChangeRequireSso, ssoAccess, type SessionFacts } from "../../src/core/account/sso-policy.js";
import {
  emailDomain,
  needsUserInfo,
  normalizeDomains,
  ssoIdentity,
  withUserInfoClaims,
} from "../../src/core/account/sso-identity.js";

const ORG = "org_a";
const password: SessionFacts = { authMethod: "password", ssoOrganizationId: null, isInstanceAdmin: false };
const ssoHere: SessionFacts = { authMethod: "sso", ssoOrganizationId: ORG, isInstanceAdmin: false };
const ssoElsewhere: SessionFacts = { authMethod: "sso", ssoOrganizationId: "org_b", isInstanceAdmin: false };
const adminPassword: SessionFacts = { ...password, isInstanceAdmin: true };

const outcome = (decision: { ok: true; breakGlass: boolean } | { ok: false; code: string }) =>
  decision.ok ? (decision.breakGlass ? "break-glass" : "allowed") : decision.code;

describe("ssoAccess: whether a session may enter an organization (requireSso)", () => {
  it.each([
    ["not required, password session", false, password, "allowed"],
    ["not required, SSO session of another organization", false, ssoElsewhere, "allowed"],
    ["required, password session", true, password, "sso_required"],
    ["required, SSO session of this organization", true, ssoHere, "allowed"],
    ["required, SSO session of another organization", true, ssoElsewhere, "sso_required"],
    ["required, instance admin with a password session (break-glass)", true, adminPassword, "break-glass"],
    ["required, instance admin signed in with this SSO", true, { ...ssoHere, isInstanceAdmin: true }, "allowed"],
  ] as const)("%s → %s", (_name, requireSso, session, expected) => {
    expect(outcome(ssoAccess({ organizationId: ORG, requireSso }, session))).toBe(expected);
  });
});

describe("mayChangeRequireSso: turning requireSso on needs a session signed in through this organization", () => {
  it.each([
    ["off → on from a password session", false, true, password, "forbidden"],
    ["off → on from an instance admin's password session", false, true, adminPassword, "forbidden"],
    ["off → on from another organization's SSO session", false, true, ssoElsewhere, "forbidden"],
    ["off → on from this organization's SSO session", false, true, ssoHere, "ok"],
    ["on → off from a password session (break-glass)", true, false, adminPassword, "ok"],
    ["on → on (unchanged) from a password session", true, true, password, "ok"],
    ["off → off", false, false, password, "ok"],
  ] as const)("%s → %s", (_name, from, to, session, expected) => {
    const decision = mayChangeRequireSso({ organizationId: ORG, from, to }, session);
    expect(decision.ok ? "ok" : decision.code).toBe(expected);
  });
});

describe("ssoIdentity: a verified email in a covered domain", () => {
  const covered = ["example.com"];
  it.each([
    ["verified, covered", { email: "a@example.com", email_verified: true }, "ok"],
    ["verified, domain in other case", { email: "a@EXAMPLE.com", email_verified: true }, "ok"],
    ["email_verified false", { email: "a@example.com", email_verified: false }, "sso_email_unverified"],
    ['email_verified "true" (a string)', { email: "a@example.com", email_verified: "true" }, "sso_email_unverified"],
    ["no email_verified claim", { email: "a@example.com" }, "sso_email_unverified"],
    ["no email", { email_verified: true }, "sso_email_unverified"],
    ["Entra's xms_edov without email_verified", { email: "a@example.com", xms_edov: true }, "ok"],
    [
      "xms_edov does not override email_verified false",
      { email: "a@example.com", email_verified: false, xms_edov: true },
      "sso_email_unverified",
    ],
    ["uncovered domain", { email: "a@example.org", email_verified: true }, "sso_domain_not_covered"],
    ["subdomain is not covered", { email: "a@sub.example.com", email_verified: true }, "sso_domain_not_covered"],
    ["look-alike suffix", { email: "a@evilexample.com", email_verified: true }, "sso_domain_not_covered"],
    [
      "two @: the last one counts",
      { email: "a@example.com@evil.test", email_verified: true },
      "sso_domain_not_covered",
    ],
  ] as const)("%s → %s", (_name, claims, expected) => {
    const decision = ssoIdentity(claims, covered);
    expect(decision.ok ? "ok" : decision.error).toBe(expected);
  });

  it("names the user from `name`, else from the email's local part", () => {
    expect(ssoIdentity({ email: "a.b@example.com", email_verified: true, name: " Ann " }, covered)).toMatchObject({
      name: "Ann",
    });
    expect(ssoIdentity({ email: "a.b@example.com", email_verified: true }, covered)).toMatchObject({ name: "a.b" });
  });

  it("emailDomain and normalizeDomains", () => {
    expect(emailDomain("x@Example.COM.")).toBe("example.com");
    expect(emailDomain("nobody")).toBeNull();
    expect(emailDomain("x@")).toBeNull();
    expect(normalizeDomains(["A.test", "a.test.", " b.test "])).toEqual(["a.test", "b.test"]);
  });
});

describe("needsUserInfo: the ID token leaves the email undecided (OpenID Connect Core §5.4)", () => {
  it.each([
    ["only sub (a by-the-spec provider: email from UserInfo)", { sub: "u" }, true],
    ["email without email_verified", { sub: "u", email: "a@example.com" }, true],
    ["email_verified without email", { sub: "u", email_verified: true }, true],
    ["blank email", { sub: "u", email: " ", email_verified: true }, true],
    ["email and email_verified true", { sub: "u", email: "a@example.com", email_verified: true }, false],
    [
      "email and email_verified false (decided: refused)",
      { sub: "u", email: "a@example.com", email_verified: false },
      false,
    ],
    ["Entra's email with xms_edov", { sub: "u", email: "a@example.com", xms_edov: true }, false],
    ["xms_edov without email", { sub: "u", xms_edov: true }, true],
  ] as const)("%s → %s", (_name, claims, expected) => {
    expect(needsUserInfo(claims)).toBe(expected);
  });
});

describe("withUserInfoClaims: UserInfo fills in the email (as a pair with email_verified) and the name", () => {
  const covered = ["example.com"];
  it.each([
    [
      "UserInfo states a verified email",
      { sub: "u" },
      { sub: "u", email: "a@example.com", email_verified: true, name: "Ann" },
      "ok a@example.com Ann",
    ],
    [
      "UserInfo states an unverified email",
      { sub: "u" },
      { sub: "u", email: "a@example.com", email_verified: false },
      "sso_email_unverified",
    ],
    [
      "UserInfo's verified flag without its email does not vouch for the token's email",
      { sub: "u", email: "a@example.com" },
      { sub: "u", email_verified: true },
      "sso_email_unverified",
    ],
    [
      "UserInfo's email without a verified flag is not taken",
      { sub: "u", xms_edov: true },
      { sub: "u", email: "a@example.com" },
      "sso_email_unverified",
    ],
    [
      "the token's name wins over UserInfo's",
      { sub: "u", name: "From token" },
      { sub: "u", email: "a@example.com", email_verified: true, name: "From UserInfo" },
      "ok a@example.com From token",
    ],
    [
      "UserInfo's email is still checked against the covered domains",
      { sub: "u" },
      { sub: "u", email: "a@elsewhere.org", email_verified: true },
      "sso_domain_not_covered",
    ],
  ] as const)("%s → %s", (_name, idToken, userInfo, expected) => {
    const decision = ssoIdentity(withUserInfoClaims(idToken, userInfo), covered);
    expect(decision.ok ? `ok ${decision.email} ${decision.name}` : decision.error).toBe(expected);
  });
});
