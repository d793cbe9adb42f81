import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ApiClient } from "../support/api-client.js";
import { addMemberUser, createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { ADMIN, startTestServer, type TestServer } from "../support/test-server.js";
import {
  describeInBrowser,
  everythingThePageHolds,
  expectAccessible,
  launchBrowser,
  openPage,
  elementsWiderThanViewport,
  screenshot,
  signIn,
} from "./support/browser.js";

describeInBrowser("dashboard: API keys page", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let acme: SeededOrg;
  let freeOrg: SeededOrg;
  let secondEngineId: string;
  let scopedRoleId: string;
  const keysPath = () => `/orgs/${acme.orgId}/keys`;
  const row = (name: string) => page.locator("tr", { has: page.locator("th", { hasText: name }) });
  const localize = (secret: string) =>
    new ApiClient(server.url).localize(secret, { sourceLocale: "en", targetLocale: "de", data: { a: "Hello" } });

  beforeAll(async () => {
    server = await startTestServer("pglite");
    browser = await launchBrowser();
    acme = await seedOrganization(server.url, { name: "Acme", plan: "enterprise", rbac: true });
    freeOrg = await seedOrganization(server.url, { name: "Free Co", plan: "free", rbac: false });
    const second = await acme.admin.post(`/api/orgs/${acme.orgId}/engines`, { name: "Second", provider: "pseudo" });
    expectStatus(second, 201);
    secondEngineId = second.body.id;
    for (const [name, permissions] of [
      ["Translator", ["engine:access"]],
      ["Manager", ["org:manage_team"]],
    ] as const) {
      expectStatus(await acme.admin.post(`/api/orgs/${acme.orgId}/roles`, { name, permissions }), 201);
    }
    const scoped = await acme.admin.post(`/api/orgs/${acme.orgId}/roles`, {
      name: "Scoped",
      permissions: ["engine:access"],
    });
    scopedRoleId = scoped.body.id;
    ({ page } = await openPage(browser));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("runs under the server's real Content-Security-Policy without violations", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const strictPage = await context.newPage();
      strictPage.setDefaultTimeout(30_000);
      const violations: string[] = [];
      strictPage.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await signIn(strictPage, server.url, ADMIN.email, ADMIN.password, keysPath());
      await strictPage.getByRole("tab", { name: "Service" }).waitFor();
      const topbarColour = await strictPage
        .locator(".topbar")
        .evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(topbarColour).toBe("rgb(17, 24, 39)");
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("signs in and shows the Personal and Service tabs on an Enterprise organization with RBAC", async () => {
    await signIn(page, server.url, ADMIN.email, ADMIN.password, keysPath());
    await expect.poll(() => page.getByRole("heading", { name: "API keys" }).isVisible()).toBe(true);
    await page.getByRole("tab", { name: "Personal" }).waitFor();
    expect(await page.getByRole("tab", { name: "Service" }).isVisible()).toBe(true);
    expect(await page.getByRole("tab", { name: "Personal" }).getAttribute("aria-selected")).toBe("true");
    await screenshot(page, "keys-personal-empty");
    await expectAccessible(page, "keys page");
  });

  it("creates a personal key, shows the secret once with a copy button, and forgets it after closing", async () => {
    await page.getByRole("button", { name: "Create personal key" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a personal key" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Create key" }).click();
    expect(await dialog.getByRole("alert").textContent()).toContain("Give the key a name");
    await dialog.getByLabel("Name").fill("CI pipeline");
    await dialog.getByRole("button", { name: "Create key" }).click();

    const secretDialog = page.getByRole("dialog", { name: "Your new API key" });
    await secretDialog.waitFor();
    const secret = (await page.locator("#new-key-secret").textContent()) ?? "";
    expect(secret).toMatch(/^gls_[0-9A-Za-z]{38}$/);
    expect(await secretDialog.textContent()).toContain("shown only this once");
    await expectAccessible(page, "secret dialog");
    await screenshot(page, "keys-secret-dialog");
    await secretDialog.getByRole("button", { name: "Copy" }).click();
    await expect
      .poll(async () => (await secretDialog.getByRole("status").textContent()) ?? "")
      .toMatch(/Copied|Copying is blocked/);

    expect((await localize(secret)).status).toBe(200);

    await secretDialog.getByRole("button", { name: "I have copied it — close" }).click();
    await secretDialog.waitFor({ state: "hidden" });
    await row("CI pipeline").waitFor();
    expect(await row("CI pipeline").textContent()).toContain(secret.slice(0, 12));
    const held = await everythingThePageHolds(page);
    expect(held).not.toContain(secret);
    expect(held).not.toContain(secret.slice(12));
    // Storage holds nothing but the id of the organization the user is in (issue 26 item 6).
    expect(
      await page.evaluate(() => [
        ...Object.keys(window.localStorage).filter((key) => key !== "glossa.currentOrganization"),
        ...Object.keys(window.sessionStorage),
      ]),
    ).toEqual([]);
    await screenshot(page, "keys-personal-list");
  });

  it("renames a key, then deletes it with a confirmation naming it, and the API refuses it at once", async () => {
    const { secret } = await createKey(acme.admin, acme.orgId, { name: "Temporary" });
    expect((await localize(secret)).status).toBe(200);
    await page.reload();
    await page.getByRole("button", { name: "Edit key Temporary" }).click();
    const edit = page.getByRole("dialog", { name: /Edit key/ });
    await edit.getByLabel("Name").fill("Temporary renamed");
    await edit.getByRole("button", { name: "Save" }).click();
    await row("Temporary renamed").waitFor();

    await page.getByRole("button", { name: "Delete key Temporary renamed" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete API key" });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain("Temporary renamed");
    await screenshot(page, "keys-delete-confirm");
    await expectAccessible(page, "delete confirmation");
    await confirm.getByRole("button", { name: "Delete key" }).click();
    await confirm.waitFor({ state: "hidden" });
    await row("Temporary renamed").waitFor({ state: "detached" });

    const refused = await localize(secret);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe("invalid_api_key");
  });

  it("works by keyboard: focus stays in an open dialog, Escape closes it and focus returns", async () => {
    const opener = page.getByRole("button", { name: "Create personal key" });
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Create a personal key" });
    await dialog.waitFor();
    for (let index = 0; index < 8; index++) {
      await page.keyboard.press("Tab");
      expect(
        await page.evaluate(
          () => document.activeElement?.closest('[role="dialog"]') !== null && document.activeElement !== document.body,
        ),
      ).toBe(true);
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    // The dialog primitive hands the focus back after the dialog has left the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Create personal key");

    // Tabs follow the WAI-ARIA pattern: arrow keys move between Personal and Service.
    await page.getByRole("tab", { name: "Personal" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect
      .poll(async () => page.getByRole("tab", { name: "Service" }).getAttribute("aria-selected"))
      .toBe("true");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Service");
    await page.getByRole("tabpanel").waitFor();
    await page.keyboard.press("ArrowLeft");
    await expect
      .poll(async () => page.getByRole("tab", { name: "Personal" }).getAttribute("aria-selected"))
      .toBe("true");
  });

  it("offers only guard-approved roles and reachable engines for a service key, and edits its role and engines", async () => {
    await page.getByRole("tab", { name: "Service" }).click();
    await page.getByText("No service keys yet.").waitFor();
    await page.getByRole("button", { name: "Create service key" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a service key" });
    await dialog.waitFor();
    const roleOptions = await dialog.getByLabel("Role").locator("option").allTextContents();
    expect(roleOptions.join("|")).toMatch(/No role/);
    expect(roleOptions.some((text) => text.startsWith("Member"))).toBe(true);
    expect(roleOptions.some((text) => text.startsWith("Translator"))).toBe(true);
    for (const refused of ["Owner", "Admin", "Manager"])
      expect(roleOptions.some((text) => text.startsWith(refused))).toBe(false);
    expect(await dialog.getByRole("checkbox").count()).toBe(2);
    await dialog.getByLabel("Name").fill("Build bot");
    await dialog.getByRole("checkbox", { name: /Second/ }).check();
    expect(await dialog.getByText("Engines 1/2").isVisible()).toBe(true);
    await expectAccessible(page, "create service key dialog");
    await screenshot(page, "keys-create-service-dialog");
    await dialog.getByRole("button", { name: "Create key" }).click();
    const secretDialog = page.getByRole("dialog", { name: "Your new API key" });
    await secretDialog.waitFor();
    await secretDialog.getByRole("button", { name: "I have copied it — close" }).click();
    await secretDialog.waitFor({ state: "hidden" });

    await row("Build bot").waitFor();
    expect(await row("Build bot").textContent()).toContain("Engines 1/2");
    expect(await row("Build bot").textContent()).toContain("Role: No role");

    await page.getByRole("button", { name: "Edit key Build bot" }).click();
    const edit = page.getByRole("dialog", { name: "Edit key “Build bot”" });
    await edit.getByLabel("Role").selectOption({ label: "Translator — every engine" });
    await edit.getByRole("checkbox", { name: /Pseudo/ }).check();
    await edit.getByRole("button", { name: "Save" }).click();
    await edit.waitFor({ state: "hidden" });
    await expect.poll(async () => row("Build bot").textContent()).toContain("Engines 2/2");
    expect(await row("Build bot").textContent()).toContain("Role: Translator");
    const keys = await acme.admin.get(`/api/orgs/${acme.orgId}/keys?kind=service`);
    expect(keys.body.keys[0].engineIds.sort()).toEqual([acme.engineId, secondEngineId].sort());
    await screenshot(page, "keys-service-list");
    await expectAccessible(page, "service tab");
  });

  it("shows a guard refusal from the server in words and creates nothing", async () => {
    await page.getByRole("button", { name: "Create service key" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a service key" });
    await dialog.getByLabel("Name").fill("Too broad");
    await dialog.getByLabel("Role").selectOption({ label: "Scoped — every engine" });
    // Someone widens the role while the dialog is open: the server's guard refuses.
    expectStatus(
      await acme.admin.patch(`/api/orgs/${acme.orgId}/roles/${scopedRoleId}`, {
        permissions: ["engine:access", "org:manage_team"],
      }),
      200,
    );
    await dialog.getByRole("button", { name: "Create key" }).click();
    await expect
      .poll(async () => (await dialog.getByRole("alert").textContent()) ?? "")
      .toContain("may hold engine:access only");
    await screenshot(page, "keys-guard-error");
    await page.keyboard.press("Escape");
    const keys = await acme.admin.get(`/api/orgs/${acme.orgId}/keys?kind=service`);
    expect(keys.body.keys.map((key: { name: string }) => key.name)).toEqual(["Build bot"]);
  });

  it("offers a manager without engine:access only the engines granted to them", async () => {
    const roles = await acme.admin.get(`/api/orgs/${acme.orgId}/roles`);
    const managerRoleId = roles.body.roles.find((role: { name: string }) => role.name === "Manager").id;
    const lead = await addMemberUser(acme, "lead@example.test", managerRoleId, "lead-password-1");
    expectStatus(await acme.admin.put(`/api/orgs/${acme.orgId}/members/${lead.userId}/engines/${secondEngineId}`), 200);
    const { context, page: leadPage } = await openPage(browser);
    try {
      await signIn(leadPage, server.url, "lead@example.test", "lead-password-1", keysPath());
      await leadPage.getByRole("tab", { name: "Service" }).click();
      await leadPage.getByRole("button", { name: "Create service key" }).click();
      const dialog = leadPage.getByRole("dialog", { name: "Create a service key" });
      await dialog.waitFor();
      const engines = await dialog.getByRole("checkbox").allTextContents();
      expect(await dialog.getByRole("checkbox").count()).toBe(1);
      expect(await dialog.locator("label.check").allTextContents()).toEqual([expect.stringContaining("Second")]);
      expect(engines).toBeDefined();
    } finally {
      await context.close();
    }
  });

  it("shows a member without org:manage_team neither service keys nor other members' keys", async () => {
    await createKey(acme.admin, acme.orgId, { name: "Admin own key" });
    const member = await addMemberUser(acme, "member@example.test", acme.roles.member, "member-password-1");
    await createKey(member.client, acme.orgId, { name: "Member key" });
    const { context, page: memberPage } = await openPage(browser);
    try {
      await signIn(memberPage, server.url, "member@example.test", "member-password-1", keysPath());
      await memberPage.locator("tr", { hasText: "Member key" }).waitFor();
      expect(await memberPage.getByRole("tablist").count()).toBe(0);
      expect(await memberPage.getByRole("tab", { name: "Service" }).count()).toBe(0);
      const text = await memberPage.locator("main").textContent();
      expect(text).not.toContain("Admin own key");
      expect(text).not.toContain("Build bot");
      expect(await memberPage.getByRole("columnheader", { name: "Owner" }).count()).toBe(0);
      await screenshot(memberPage, "keys-member-view");
      await expectAccessible(memberPage, "keys page as a member");
    } finally {
      await context.close();
    }
    // The member leaves: with RBAC on, their personal key is denied, and the list says why.
    expectStatus(await acme.admin.delete(`/api/orgs/${acme.orgId}/members/${member.userId}`), 204);
    await page.goto(server.url + keysPath());
    const memberRow = row("Member key");
    await memberRow.waitFor();
    expect(await memberRow.textContent()).toContain("member@example.test");
    expect(await memberRow.textContent()).toContain("Denied");
    expect(await memberRow.textContent()).toContain("owner left the organization");
    expect(await page.getByRole("columnheader", { name: "Owner" }).count()).toBe(1);
    await screenshot(page, "keys-denied-personal-key");
  });

  it("has no Service tab on a non-Enterprise organization (switching organizations)", async () => {
    await page.getByLabel("Organization").selectOption({ label: "Free Co" });
    await page.waitForURL(`**/orgs/${freeOrg.orgId}/keys`);
    await page.getByText("No personal keys yet.").waitFor();
    expect(await page.getByRole("tab", { name: "Service" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Create service key" }).count()).toBe(0);
    await screenshot(page, "keys-free-plan");
  });

  it("explains, in words, that service keys are deactivated because the plan lost RBAC", async () => {
    expectStatus(await acme.admin.put(`/api/admin/orgs/${acme.orgId}/plan`, { plan: "pro", rbac: true }), 200);
    await page.getByLabel("Organization").selectOption({ label: "Acme" });
    const section = page
      .getByRole("region", { name: "Deactivated service keys" })
      .or(page.locator("section", { has: page.getByRole("heading", { name: "Deactivated service keys" }) }));
    await section.first().waitFor();
    expect(await page.getByRole("tab", { name: "Service" }).count()).toBe(0);
    const buildBot = row("Build bot");
    expect(await buildBot.textContent()).toContain("Deactivated");
    expect(await buildBot.textContent()).toContain("lost the RBAC entitlement");
    expect(await buildBot.textContent()).not.toMatch(/scope/i);
    await screenshot(page, "keys-deactivated-service-key");
    await expectAccessible(page, "deactivated service keys");
    expectStatus(await acme.admin.put(`/api/admin/orgs/${acme.orgId}/plan`, { plan: "enterprise", rbac: true }), 200);
  });

  it("is usable at phone width", async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(server.url + keysPath());
    await page.getByRole("tab", { name: "Service" }).waitFor();
    expect(await elementsWiderThanViewport(page)).toEqual([]);
    await screenshot(page, "keys-phone");
    await page.getByRole("button", { name: "Create personal key" }).click();
    await page.getByRole("dialog", { name: "Create a personal key" }).waitFor();
    expect(await elementsWiderThanViewport(page)).toEqual([]);
    await screenshot(page, "keys-phone-dialog");
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("signs out, and shows the sign-in page when the session is gone", async () => {
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page.getByRole("heading", { name: "Sign in to Glossa" }).waitFor();
    await expectAccessible(page, "sign-in page");
    await screenshot(page, "sign-in");
    await signIn(page, server.url, ADMIN.email, ADMIN.password, keysPath());
    await row("Admin own key").waitFor();
    await page.context().clearCookies();
    await page.getByRole("link", { name: "Team" }).click();
    await page.getByRole("heading", { name: "Sign in to Glossa" }).waitFor();
  });
});
