import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ApiClient } from "../support/api-client.js";
import { createKey, seedOrganization, type SeededOrg } from "../support/seed.js";
import { ADMIN, startTestServer, type TestServer } from "../support/test-server.js";
import { describeInBrowser, expectAccessible, launchBrowser, openPage, screenshot, signIn } from "./support/browser.js";

const INVITEE = { email: "ina@example.test", name: "Ina Invitee", password: "ina-password-1" };
const DATA = { sourceLocale: "en", targetLocale: "de", data: { a: "Hello" } };

describeInBrowser("dashboard: account self-service (issue 14)", () => {
  let server: TestServer;
  let browser: Browser;
  let admin: Page;
  let acme: SeededOrg;
  let inviteUrl = "";
  let inviteeKey = "";
  const localize = (secret: string) => new ApiClient(server.url).localize(secret, DATA);

  beforeAll(async () => {
    server = await startTestServer("pglite");
    browser = await launchBrowser();
    acme = await seedOrganization(server.url, { name: "Acme" });
    ({ page: admin } = await openPage(browser));
    await signIn(admin, server.url, ADMIN.email, ADMIN.password, `/orgs/${acme.orgId}/team`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("a manager invites an email on the Team page and gets the link to copy", async () => {
    await admin.getByRole("heading", { name: "Invite someone" }).waitFor();
    const form = admin.locator("form", { has: admin.getByRole("heading", { name: "Invite someone" }) });
    await form.getByLabel("Address to invite").fill(INVITEE.email);
    await form.getByLabel("Role to give").selectOption({ label: "Member" });
    await form.getByRole("button", { name: "Create invitation" }).click();
    const link = admin.getByRole("region", { name: "Invitation link" });
    await link.waitFor();
    inviteUrl = (await admin.locator("#invitation-url").textContent()) ?? "";
    expect(inviteUrl).toMatch(new RegExp(`^${server.url}/invitations/[A-Za-z0-9_-]{43}$`));
    expect(await link.textContent()).toContain("this server sends no email");
    await admin
      .getByRole("region", { name: "Open invitations" })
      .getByRole("rowheader", { name: INVITEE.email })
      .waitFor();
    await expectAccessible(admin, "team page with an invitation");
    await screenshot(admin, "account-invitation-created");
  });

  it("the invitee opens the link in another browser, sets a name and password, and lands in the organization", async () => {
    const { context, page } = await openPage(browser);
    try {
      await page.goto(inviteUrl);
      await page.getByText("You are invited to join").waitFor();
      expect(await page.locator("main").textContent()).toContain("Acme");
      await expectAccessible(page, "invitation page");
      await screenshot(page, "account-invitation-accept");
      await page.getByLabel("Your name").fill(INVITEE.name);
      await page.getByLabel("Choose a password").fill(INVITEE.password);
      await page.getByLabel("Repeat the password").fill("something-else");
      await page.getByRole("button", { name: "Create my account and join" }).click();
      expect(await page.getByRole("alert").textContent()).toContain("differ");
      await page.getByLabel("Repeat the password").fill(INVITEE.password);
      await page.getByRole("button", { name: "Create my account and join" }).click();
      await page.getByRole("button", { name: "Sign out", exact: true }).waitFor();
      await expect.poll(() => page.url()).toBe(`${server.url}/orgs/${acme.orgId}/keys`);
      await page.getByRole("heading", { name: "API keys" }).waitFor();
      expect(await page.locator(".topbar").textContent()).toContain(INVITEE.email);

      // The link was single use.
      await page.goto(inviteUrl);
      expect(await page.getByRole("alert").textContent()).toContain("not valid");
    } finally {
      await context.close();
    }
  });

  it("the invitee changes their password on the Account page; their other session ends", async () => {
    const other = await new ApiClient(server.url).login(INVITEE.email, INVITEE.password);
    const { context, page } = await openPage(browser);
    try {
      await signIn(page, server.url, INVITEE.email, INVITEE.password, "/account");
      await page.getByRole("heading", { name: "Your account" }).waitFor();
      await page.getByLabel("Current password").fill("wrong-password");
      await page.getByLabel("New password", { exact: true }).fill("ina-password-2");
      await page.getByLabel("Repeat the new password").fill("ina-password-2");
      await page.getByRole("button", { name: "Change password" }).click();
      expect(await page.getByRole("alert").textContent()).toContain("current password is incorrect");
      await page.getByLabel("Current password").fill(INVITEE.password);
      await page.getByRole("button", { name: "Change password" }).click();
      await page.getByText("Password changed. Your other sessions have been signed out.").waitFor();
      expect((await other.get("/api/me")).status).toBe(401);
      await expectAccessible(page, "account page");
      await screenshot(page, "account-page");
      INVITEE.password = "ina-password-2";
    } finally {
      await context.close();
    }
  });

  it("an instance admin deactivates the invitee: their key is refused on the next call; reactivating restores it", async () => {
    const invitee = await new ApiClient(server.url).login(INVITEE.email, INVITEE.password);
    inviteeKey = (await createKey(invitee, acme.orgId, { name: "ina's key" })).secret;
    expect((await localize(inviteeKey)).status).toBe(200);

    await admin.goto(`${server.url}/admin`);
    const row = admin.locator("tr", { has: admin.locator("th", { hasText: INVITEE.email }) });
    await row.getByRole("button", { name: /Deactivate/ }).click();
    const dialog = admin.getByRole("dialog", { name: `Deactivate ${INVITEE.email}?` });
    await dialog.getByRole("button", { name: "Deactivate" }).click();
    await row.getByText("Deactivated").waitFor();
    const refused = await localize(inviteeKey);
    expect([refused.status, refused.body.code]).toEqual([403, "user_deactivated"]);
    expect((await invitee.get("/api/me")).status).toBe(401);
    await expectAccessible(admin, "admin page with a deactivated user");
    await screenshot(admin, "account-user-deactivated");

    await row.getByRole("button", { name: /Reactivate/ }).click();
    await row.getByText("Active", { exact: true }).waitFor();
    expect((await localize(inviteeKey)).status).toBe(200);
  });

  it("the invitee leaves the organization from the Account page", async () => {
    const { context, page } = await openPage(browser);
    try {
      await signIn(page, server.url, INVITEE.email, INVITEE.password, "/account");
      await page.getByRole("button", { name: "Leave Acme" }).click();
      await page
        .getByRole("dialog", { name: "Leave Acme?" })
        .getByRole("button", { name: "Leave the organization" })
        .click();
      await page.getByText("You are not a member of any organization.").waitFor();
      const members = await acme.admin.get(`/api/orgs/${acme.orgId}/members`);
      expect(members.body.members.map((member: { email: string }) => member.email)).not.toContain(INVITEE.email);
    } finally {
      await context.close();
    }
  });

  it("an owner deletes an organization after typing its name; its keys stop at once", async () => {
    const doomed = await seedOrganization(server.url, { name: "Doomed Co" });
    const key = (await createKey(doomed.admin, doomed.orgId, { name: "k" })).secret;
    expect((await localize(key)).status).toBe(200);
    await admin.goto(`${server.url}/orgs/${doomed.orgId}/plan`);
    await admin.getByRole("button", { name: "Delete organization…" }).click();
    const dialog = admin.getByRole("dialog", { name: "Delete Doomed Co?" });
    const confirm = dialog.getByRole("button", { name: "Delete Doomed Co" });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/to confirm/).fill("Doomed Co");
    await expectAccessible(admin, "delete organization dialog");
    await screenshot(admin, "account-delete-organization");
    await confirm.click();
    await expect.poll(() => admin.url()).not.toContain(doomed.orgId);
    const refused = await localize(key);
    expect([refused.status, refused.body.code]).toEqual([401, "invalid_api_key"]);
  });
});
