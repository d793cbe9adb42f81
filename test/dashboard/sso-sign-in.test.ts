import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startOpenIdProvider, type TestOpenIdProvider } from "../support/oidc-provider.js";
import { addMemberUser, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { startTestServer, type TestServer } from "../support/test-server.js";
import { describeInBrowser, expectAccessible, launchBrowser, openPage, screenshot } from "./support/browser.js";

describeInBrowser("dashboard: single sign-on with a real OpenID provider (issue 25 items 1–2)", () => {
  let server: TestServer;
  let op: TestOpenIdProvider;
  let seed: SeededOrg;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer("pglite", {
      ssoAllowedHosts: "127.0.0.1",
      secretKey: "sso-dashboard-secret-key-0123",
    });
    op = await startOpenIdProvider(`${server.url}/api/sso/callback`);
    op.accounts.set("jo", { email: "jo@example.test", emailVerified: true, name: "Jo Sso" });
    op.accounts.set("unverified", { email: "nv@example.test", emailVerified: false, name: "NV" });
    seed = await seedOrganization(server.url);
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await op?.close();
    await server?.stop();
  });

  /** Sign-in page → "Continue with single sign-on" → the provider's own login form → back to Glossa. */
  async function signInWithSso(email: string, login: string) {
    const { page, context } = await openPage(browser);
    await page.goto(server.url);
    await page.getByRole("button", { name: "Continue with single sign-on" }).click();
    await page.getByLabel("Work email").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.locator('input[name="login"]').waitFor();
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill("any-password");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await page.waitForURL((url) => url.href.startsWith(server.url));
    return { page, context };
  }

  it("an owner configures SSO in the Authentication section, with Test connection showing the issuer's metadata", async () => {
    const { page } = await openPage(browser);
    await page.goto(server.url);
    await page.getByLabel("Email").fill("admin@example.test");
    await page.getByLabel("Password").fill("admin-password-1");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("heading", { name: "Sign in to Glossa" }).waitFor({ state: "detached" });
    await page.goto(`${server.url}/orgs/${seed.orgId}/plan`);
    await page.getByRole("heading", { name: "Authentication", exact: true }).waitFor();
    await page.getByLabel("Issuer URL").fill(op.issuer);
    await page.getByRole("button", { name: "Test connection" }).click();
    const metadata = page.getByRole("definition").filter({ hasText: `${op.issuer}/token` });
    await metadata.first().waitFor();
    await page.getByLabel("Client ID").fill(op.clientId);
    await page.getByLabel("Client secret").fill(op.clientSecret);
    await page.getByLabel("Email domains (comma-separated)").fill("example.test");
    await page.getByLabel("Role of new members").selectOption({ label: "Member" });
    await page.getByRole("button", { name: "Save single sign-on" }).click();
    await page.getByLabel("Client secret").and(page.locator('[placeholder^="••• set"]')).waitFor();
    await expectAccessible(page, "authentication settings");
    await screenshot(page, "sso-authentication-settings");
    const saved = await seed.admin.get(`/api/orgs/${seed.orgId}/sso`);
    expect(saved.body).toMatchObject({ configured: true, domains: ["example.test"], defaultRoleId: seed.roles.member });
  });

  it("first sign-in through the provider's login form creates the member with the default role; the second reuses it", async () => {
    const first = await signInWithSso("jo@example.test", "jo");
    await first.page
      .getByRole("button", { name: /Jo Sso|jo@example.test/ })
      .or(first.page.getByText("Acme"))
      .first()
      .waitFor();
    const members = await seed.admin.get(`/api/orgs/${seed.orgId}/members`);
    const jo = members.body.members.find((member: { email: string }) => member.email === "jo@example.test");
    expect(jo).toMatchObject({ roleId: seed.roles.member, name: "Jo Sso" });
    await screenshot(first.page, "sso-signed-in");
    await first.context.close();

    const second = await signInWithSso("jo@example.test", "jo");
    await second.page.getByText("Acme").first().waitFor();
    const again = await seed.admin.get(`/api/orgs/${seed.orgId}/members`);
    expect(again.body.members.filter((member: { email: string }) => member.email === "jo@example.test")).toEqual([jo]);
    await second.context.close();
  });

  it("a refusal comes back to the sign-in page with a clear sentence", async () => {
    const { page, context } = await signInWithSso("nv@example.test", "unverified");
    expect(new URL(page.url()).searchParams.get("sso_error")).toBe("sso_email_unverified");
    await expect
      .poll(() => page.getByRole("alert").first().textContent())
      .toContain("did not confirm that your email address is verified");
    await expectAccessible(page, "sso refusal");
    await context.close();
  });

  it("an organization that requires SSO shows a password session 'Sign in with SSO', which gets the member in", async () => {
    const member = await addMemberUser(seed, "pat@example.test", seed.roles.member, "pat-password-123");
    op.accounts.set("pat", { email: "pat@example.test", emailVerified: true, name: "Pat" });
    // Turning it on needs an SSO session of the organization: the owner signs in with SSO first.
    op.accounts.set("admin", { email: "admin@example.test", emailVerified: true, name: "Admin" });
    const owner = await signInWithSso("admin@example.test", "admin");
    const on = await owner.page.evaluate(
      async ([orgId, body]) =>
        (
          await fetch(`/api/orgs/${orgId}/sso`, {
            method: "PUT",
            headers: { "content-type": "application/json" },
            body,
          })
        ).status,
      [
        seed.orgId,
        JSON.stringify({
          issuer: op.issuer,
          clientId: op.clientId,
          domains: ["example.test"],
          defaultRoleId: seed.roles.member,
          requireSso: true,
        }),
      ] as const,
    );
    expect(on).toBe(200);
    await owner.context.close();
    expectStatus(await member.client.get("/api/me"), 200);

    const { page, context } = await openPage(browser);
    await page.goto(server.url);
    await page.getByLabel("Email").fill("pat@example.test");
    await page.getByLabel("Password").fill("pat-password-123");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("heading", { name: "Sign in to Glossa" }).waitFor({ state: "detached" });
    await page.goto(`${server.url}/orgs/${seed.orgId}/keys`);
    await page.getByRole("heading", { name: "Single sign-on required" }).waitFor();
    await screenshot(page, "sso-required");
    await page.getByRole("button", { name: "Sign in with SSO" }).click();
    await page.locator('input[name="login"]').fill("pat");
    await page.locator('input[name="password"]').fill("any-password");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await page.waitForURL((url) => url.href.startsWith(server.url));
    await page.goto(`${server.url}/orgs/${seed.orgId}/keys`);
    await page.getByRole("heading", { name: "API keys" }).waitFor();
    await context.close();
  });
});
