import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { totpCode } from "../../src/core/account/totp.js";
import { addMemberUser, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { startTestServer, type TestServer } from "../support/test-server.js";
import { describeInBrowser, expectAccessible, launchBrowser, openPage, screenshot } from "./support/browser.js";

/**
 * Issue 25 item 4 in Chromium: a passkey enrolled with the DevTools virtual authenticator and used
 * to sign in; an authenticator app enrolled and used with codes computed here; "require
 * two-factor" sending a member without a factor to Account → Security.
 */
describeInBrowser("dashboard: two-factor authentication", () => {
  let server: TestServer;
  let browser: Browser;
  let seed: SeededOrg;
  /** WebAuthn needs a host name: browsers refuse IP addresses as relying-party ids. */
  let base = "";

  beforeAll(async () => {
    server = await startTestServer("pglite", { secretKey: "dashboard-two-factor-secret-0123456789ab" });
    base = server.url.replace("127.0.0.1", "localhost");
    browser = await launchBrowser();
    seed = await seedOrganization(server.url, { name: "Acme" });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function passwordStep(page: Page, email: string, password: string) {
    await page.goto(`${base}/`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
  }

  async function signOut(page: Page) {
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page.getByRole("button", { name: "Sign in" }).waitFor();
  }

  async function closeRecoveryCodes(page: Page): Promise<string[]> {
    const dialog = page.getByRole("dialog", { name: "Your recovery codes" });
    await dialog.waitFor();
    const codes = await dialog.getByRole("list", { name: "Recovery codes" }).locator("code").allTextContents();
    await dialog.getByRole("button", { name: "I have saved them — close" }).click();
    await dialog.waitFor({ state: "hidden" });
    return codes;
  }

  it("enrols a passkey with the virtual authenticator, signs out, and signs in with password + passkey", async () => {
    const email = "passkey@example.test";
    await addMemberUser(seed, email, seed.roles.member, "passkey-password-1");
    const { context, page } = await openPage(browser);
    try {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("WebAuthn.enable");
      await cdp.send("WebAuthn.addVirtualAuthenticator", {
        options: {
          protocol: "ctap2",
          transport: "internal",
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
        },
      });
      await passwordStep(page, email, "passkey-password-1");
      await page.getByRole("button", { name: "Sign out", exact: true }).waitFor();
      await page.goto(`${base}/account`);
      const security = page.getByRole("region", { name: "Security" });
      await security.getByText("Two-factor authentication is off.").waitFor();
      await security.getByLabel("Name of the new passkey").fill("Virtual key");
      await security.getByRole("button", { name: "Add a passkey" }).click();
      const codes = await closeRecoveryCodes(page);
      expect(codes).toHaveLength(10);
      await security.getByText("Virtual key").waitFor();
      await security.getByText("Two-factor authentication is on.").waitFor();
      await expectAccessible(page, "account security with a passkey");
      await screenshot(page, "two-factor-security-passkey");

      await signOut(page);
      await passwordStep(page, email, "passkey-password-1");
      await page.getByRole("heading", { name: "Two-factor authentication" }).waitFor();
      await expectAccessible(page, "sign-in second step");
      await screenshot(page, "two-factor-sign-in-passkey");
      await page.getByRole("button", { name: "Use a passkey" }).click();
      await page.getByRole("button", { name: "Sign out", exact: true }).waitFor();
      const status = await page.evaluate(() => fetch("/api/me/mfa").then((response) => response.json()));
      expect(status.passkeys[0].lastUsedAt).not.toBeNull();

      // Rename it, then remove it (this sign-in is recent, so no password is asked for).
      await page.goto(`${base}/account`);
      const list = page.getByRole("list", { name: "Your passkeys" });
      await list.getByRole("button", { name: "Rename passkey Virtual key" }).click();
      await list.getByLabel("New name").fill("Work laptop");
      await list.getByRole("button", { name: "Save" }).click();
      await list.getByText("Work laptop").waitFor();
      await list.getByRole("button", { name: "Remove passkey Work laptop" }).click();
      await page.getByRole("region", { name: "Security" }).getByText("Two-factor authentication is off.").waitFor();
    } finally {
      await context.close();
    }
  });

  it("enrols an authenticator app, turns on require-two-factor, and signs in with a computed code", async () => {
    const email = "totp-owner@example.test";
    const owner = await addMemberUser(seed, email, seed.roles.owner, "totp-password-1");
    const member = await addMemberUser(seed, "plain-member@example.test", seed.roles.member, "plain-password-1");
    const { context, page } = await openPage(browser);
    try {
      await passwordStep(page, email, "totp-password-1");
      await page.getByRole("button", { name: "Sign out", exact: true }).waitFor();
      await page.goto(`${base}/account`);
      const security = page.getByRole("region", { name: "Security" });
      await security.getByRole("button", { name: "Set up an authenticator app" }).click();
      await security.getByRole("img", { name: "QR code of the authenticator app's setup link" }).waitFor();
      const secret = (await security.getByTestId("totp-secret").textContent())!;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await expectAccessible(page, "authenticator app enrolment");
      await security.getByLabel("Code from the app").fill(totpCode({ secretBase32: secret }, Date.now() - 30_000));
      await security.getByRole("button", { name: "Confirm" }).click();
      expect(await closeRecoveryCodes(page)).toHaveLength(10);
      await security.getByText(/^On since/).waitFor();
      expect(await page.locator("body").innerText()).not.toContain(secret);

      // The owner (with a factor, passed in this session) requires two-factor of every member.
      await page.goto(`${base}/orgs/${seed.orgId}/plan`);
      await page.getByLabel("Require two-factor authentication for every member").check();
      await page.getByText("Saved: two-factor is required.").waitFor();
      await screenshot(page, "two-factor-require-setting");

      await signOut(page);
      await passwordStep(page, email, "totp-password-1");
      await page.getByLabel("Code from your authenticator app").fill(totpCode({ secretBase32: secret }, Date.now()));
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("button", { name: "Sign out", exact: true }).waitFor();
      await page.goto(`${base}/orgs/${seed.orgId}/keys`);
      await page.getByRole("heading", { name: "API keys" }).first().waitFor();
    } finally {
      await context.close();
    }

    // A member without a factor is sent to Account → Security before the organization.
    const other = await openPage(browser);
    try {
      await passwordStep(other.page, "plain-member@example.test", "plain-password-1");
      await other.page.getByRole("button", { name: "Sign out", exact: true }).waitFor();
      await other.page.goto(`${base}/orgs/${seed.orgId}/keys`);
      await other.page.waitForURL(`${base}/account`);
      await other.page.getByRole("region", { name: "Security" }).getByRole("alert").waitFor();
      expect(await other.page.getByRole("alert").first().textContent()).toContain("requires two-factor");
      await screenshot(other.page, "two-factor-required-member");
    } finally {
      await other.context.close();
    }
    expectStatus(await seed.admin.get("/api/me"), 200);
    void owner;
    void member;
  });
});
