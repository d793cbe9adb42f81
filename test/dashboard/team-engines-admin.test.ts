import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addMemberUser, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { ADMIN, startTestServer, type TestServer } from "../support/test-server.js";
import {
  describeInBrowser,
  elementsWiderThanViewport,
  expectAccessible,
  launchBrowser,
  openPage,
  screenshot,
  signIn,
} from "./support/browser.js";

/** A configuration the server's pseudo-provider schema accepts (see src/core/engines/engine-config.ts). */
const MARKETING_CONFIG = {
  instructions: [{ targetLocale: "*", text: "Use a formal tone." }],
  glossary: [{ type: "non_translatable", term: "Globex" }],
};

describeInBrowser("dashboard: team, engines, audit log, plan and admin pages", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let globex: SeededOrg;
  const path = (page: string) => `/orgs/${globex.orgId}/${page}`;
  const memberRow = (email: string) => page.locator(`tr[data-member-email="${email}"]`);
  const roleCard = (name: string) => page.locator(`li[data-role-name="${name}"]`);
  const engineCard = (name: string) => page.locator(`li[data-engine-name="${name}"]`);
  const members = async () =>
    (await globex.admin.get(`/api/orgs/${globex.orgId}/members`)).body.members as {
      email: string;
      roleId: string;
      engineIds: string[];
    }[];

  beforeAll(async () => {
    server = await startTestServer("pglite");
    browser = await launchBrowser();
    globex = await seedOrganization(server.url, { name: "Globex", plan: "enterprise", rbac: true });
    expectStatus(
      await globex.admin.post("/api/admin/users", {
        email: "newbie@example.test",
        password: "newbie-password-1",
        name: "Newbie",
      }),
      201,
    );
    ({ page } = await openPage(browser));
    await signIn(page, server.url, ADMIN.email, ADMIN.password, path("team"));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("lists members and roles; Owner is fixed", async () => {
    await memberRow(ADMIN.email).waitFor();
    expect(await page.getByLabel(`Role of ${ADMIN.email}`).inputValue()).toBe(globex.roles.owner);
    await roleCard("Owner").waitFor();
    expect(await roleCard("Owner").textContent()).toContain("Fixed");
    expect(await page.getByRole("button", { name: "Edit role Owner" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Edit role Admin" }).count()).toBe(1);
    await expectAccessible(page, "team page");
    await screenshot(page, "team");
  });

  it("adds a member by email, creates a custom role, changes the member's role and grants engines", async () => {
    await page.getByLabel("Email").fill("newbie@example.test");
    await page.getByLabel("Role", { exact: true }).selectOption({ label: "Member" });
    await page.getByRole("button", { name: "Add member" }).click();
    await memberRow("newbie@example.test").waitFor();

    await page.getByRole("button", { name: "Create role" }).click();
    const roleDialog = page.getByRole("dialog", { name: "Create a role" });
    await roleDialog.getByLabel("Name").fill("Reviewer");
    await expectAccessible(page, "role dialog");
    await roleDialog.getByRole("button", { name: "Create role" }).click();
    await roleCard("Reviewer").waitFor();
    expect(await roleCard("Reviewer").textContent()).toContain("No permissions");

    await page.getByLabel("Role of newbie@example.test").selectOption({ label: "Reviewer" });
    await expect
      .poll(async () => (await members()).find((member) => member.email === "newbie@example.test")?.roleId)
      .not.toBe(globex.roles.member);

    await page.getByRole("button", { name: "Engines of newbie@example.test" }).click();
    const grants = page.getByRole("dialog", { name: "Engine access of newbie@example.test" });
    await grants.getByRole("checkbox", { name: "Pseudo" }).click();
    await grants.getByText("Granted Pseudo.").waitFor();
    expect((await members()).find((member) => member.email === "newbie@example.test")?.engineIds).toEqual([
      globex.engineId,
    ]);
    await screenshot(page, "team-grants-dialog");
    await expectAccessible(page, "grants dialog");
    await grants.getByRole("checkbox", { name: "Pseudo" }).click();
    await grants.getByText("Revoked Pseudo.").waitFor();
    expect((await members()).find((member) => member.email === "newbie@example.test")?.engineIds).toEqual([]);
    await grants.getByRole("checkbox", { name: "Pseudo" }).click();
    await grants.getByText("Granted Pseudo.").waitFor();
    await grants.getByRole("button", { name: "Done" }).click();
    await expect.poll(async () => memberRow("newbie@example.test").textContent()).toContain("Pseudo");
  });

  it("edits a custom role, refuses to delete one in use in words, then deletes it", async () => {
    await page.getByRole("button", { name: "Edit role Reviewer" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit role “Reviewer”" });
    await dialog.getByRole("checkbox", { name: /engine:access/ }).check();
    await dialog.getByRole("button", { name: "Save role" }).click();
    await expect.poll(async () => roleCard("Reviewer").textContent()).toContain("engine:access");

    await page.getByRole("button", { name: "Delete role Reviewer" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete role" });
    expect(await confirm.textContent()).toContain("Reviewer");
    await confirm.getByRole("button", { name: "Delete role" }).click();
    await expect
      .poll(async () => (await confirm.getByRole("alert").textContent()) ?? "")
      .toContain("still hold this role");
    await confirm.getByRole("button", { name: "Cancel" }).click();

    await page.getByLabel("Role of newbie@example.test").selectOption({ label: "Member" });
    await expect
      .poll(async () => (await members()).find((member) => member.email === "newbie@example.test")?.roleId)
      .toBe(globex.roles.member);
    await page.getByRole("button", { name: "Delete role Reviewer" }).click();
    await confirm.getByRole("button", { name: "Delete role" }).click();
    await roleCard("Reviewer").waitFor({ state: "detached" });
  });

  it("removes a member after a confirmation naming them", async () => {
    await page.getByRole("button", { name: "Remove newbie@example.test" }).click();
    const confirm = page.getByRole("dialog", { name: "Remove member" });
    expect(await confirm.textContent()).toContain("newbie@example.test");
    await confirm.getByRole("button", { name: "Remove member" }).click();
    await memberRow("newbie@example.test").waitFor({ state: "detached" });
    expect((await members()).map((member) => member.email)).not.toContain("newbie@example.test");
  });

  it("creates an engine with a JSON configuration validated in the browser, makes it default, edits and tries it", async () => {
    await page.getByRole("link", { name: "Engines" }).click();
    await engineCard("Pseudo").waitFor();
    await page.getByRole("button", { name: "Create engine" }).click();
    const dialog = page.getByRole("dialog", { name: "Create an engine" });
    await dialog.getByLabel("Name", { exact: true }).fill("Marketing");
    expect(await dialog.getByLabel("Provider").locator("option").allTextContents()).toContain("pseudo");
    await dialog.getByLabel("Provider").selectOption("pseudo");
    await dialog.getByLabel("Configuration (JSON object)").fill('{"style": "formal",');
    await dialog
      .getByText(/is not valid JSON/)
      .first()
      .waitFor();
    await dialog.getByRole("button", { name: "Create engine" }).click();
    expect(await dialog.getByRole("alert").textContent()).toContain("not valid JSON");
    await dialog.getByLabel("Configuration (JSON object)").fill('["not", "an object"]');
    await dialog.getByRole("button", { name: "Create engine" }).click();
    expect(await dialog.getByRole("alert").textContent()).toContain("must be a JSON object");
    await dialog.getByLabel("Configuration (JSON object)").fill('{"style": "formal"}');
    await dialog.getByRole("button", { name: "Create engine" }).click();
    await expect
      .poll(async () => (await dialog.getByRole("alert").textContent()) ?? "")
      .toContain('not valid for provider "pseudo"');
    await dialog.getByLabel("Configuration (JSON object)").fill(JSON.stringify(MARKETING_CONFIG));
    await expectAccessible(page, "engine dialog");
    await screenshot(page, "engines-create-dialog");
    await dialog.getByRole("button", { name: "Create engine" }).click();
    await engineCard("Marketing").waitFor();
    const engines = (await globex.admin.get(`/api/orgs/${globex.orgId}/engines`)).body.engines as {
      id: string;
      name: string;
      config: unknown;
    }[];
    const marketing = engines.find((engine) => engine.name === "Marketing")!;
    expect(marketing.config).toEqual(MARKETING_CONFIG);
    expect(await engineCard("Marketing").textContent()).toContain("1 glossary entry · 1 instruction");

    await page.getByRole("button", { name: "Make default: Marketing" }).click();
    await expect.poll(async () => engineCard("Marketing").textContent()).toContain("Default");
    expect((await globex.admin.get(`/api/orgs/${globex.orgId}`)).body.defaultEngineId).toBe(marketing.id);

    await page.getByRole("button", { name: "Edit engine Marketing" }).click();
    const edit = page.getByRole("dialog", { name: "Edit engine “Marketing”" });
    await edit.getByLabel("Name", { exact: true }).fill("Marketing EU");
    await edit.getByRole("button", { name: "Save engine" }).click();
    await engineCard("Marketing EU").waitFor();

    await page.getByLabel("Engine", { exact: true }).selectOption({ label: "Marketing EU" });
    await page.getByLabel("Content (JSON object)").fill('{"greeting": "Hello", "count": 3}');
    await page.getByRole("button", { name: "Localize" }).click();
    const output = page.getByTestId("try-output");
    await output.waitFor();
    const result = JSON.parse((await output.textContent()) ?? "{}");
    expect(result.greeting).toMatch(/^\[Ĥéļļö/);
    expect(result.count).toBe(3);
    await expectAccessible(page, "engines page");
    await screenshot(page, "engines");
  });

  it("deletes an engine after a confirmation naming it", async () => {
    await page.getByRole("button", { name: "Delete engine Marketing EU" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete engine" });
    expect(await confirm.textContent()).toContain("Marketing EU");
    await confirm.getByRole("button", { name: "Delete engine" }).click();
    await engineCard("Marketing EU").waitFor({ state: "detached" });
  });

  it("filters the audit log by action and by actor", async () => {
    const viewerRole = await globex.admin.post(`/api/orgs/${globex.orgId}/roles`, { name: "Viewer", permissions: [] });
    const viewer = await addMemberUser(globex, "viewer@example.test", viewerRole.body.id, "viewer-password-1");
    await viewer.client.post(`/api/orgs/${globex.orgId}/keys`, { name: "Viewer key" });

    await page.getByRole("link", { name: "Audit log" }).click();
    await page.getByRole("cell", { name: "member.added" }).first().waitFor();
    await page.getByLabel("Action").selectOption("engine.created");
    await expect
      .poll(async () => new Set(await page.locator("tbody tr td:nth-child(2)").allTextContents()))
      .toEqual(new Set(["engine.created"]));
    await page.getByLabel("Action").selectOption("");
    await page.getByLabel("Actor").selectOption({ label: "viewer@example.test" });
    await expect
      .poll(async () => new Set(await page.locator("tbody tr td:nth-child(3)").allTextContents()))
      .toEqual(new Set(["viewer@example.test"]));
    expect(await page.locator("tbody tr td:nth-child(2)").allTextContents()).toEqual(["key.created"]);
    expect(await page.locator("main").textContent()).not.toMatch(/gls_[0-9A-Za-z]{38}/);
    await expectAccessible(page, "audit log");
    await screenshot(page, "audit-log");
    await page.getByLabel("Actor").selectOption("");
  });

  it("pages through older audit events", async () => {
    // Each rename changes the name: a change that changes nothing records no event.
    for (let index = 0; index < 56; index++) {
      const name = index % 2 === 0 ? "Globex Corp" : "Globex";
      expectStatus(await globex.admin.patch(`/api/orgs/${globex.orgId}`, { name }), 200);
    }
    const total = (await globex.admin.get(`/api/orgs/${globex.orgId}/audit?limit=500`)).body.events.length as number;
    expect(total).toBeGreaterThan(60);
    await page.reload();
    await page.getByLabel("Action").selectOption("");
    await expect.poll(async () => page.locator("tbody tr").count()).toBe(50);
    await page.getByRole("button", { name: "Show older events" }).click();
    await expect.poll(async () => page.locator("tbody tr").count()).toBe(Math.min(total, 100));
    if (total <= 100) expect(await page.getByRole("button", { name: "Show older events" }).count()).toBe(0);
  });

  it("shows a member without permissions the plan and team read-only, and refuses them an engine in words", async () => {
    const { context, page: viewerPage } = await openPage(browser);
    try {
      await signIn(viewerPage, server.url, "viewer@example.test", "viewer-password-1", path("plan"));
      await viewerPage.getByText("Only an instance administrator can change the plan.").waitFor();
      expect(await viewerPage.locator(".plan-name").textContent()).toBe("enterprise");
      expect(await viewerPage.getByRole("button", { name: "Save plan" }).count()).toBe(0);
      await expectAccessible(viewerPage, "plan page as a member");
      await screenshot(viewerPage, "plan-member-view");

      await viewerPage.getByRole("link", { name: "Team" }).click();
      await viewerPage.locator('tr[data-member-email="viewer@example.test"]').waitFor();
      expect(await viewerPage.getByRole("button", { name: "Add member" }).count()).toBe(0);
      expect(await viewerPage.getByRole("combobox").count()).toBe(0);
      expect(await viewerPage.getByRole("button", { name: "Create role" }).count()).toBe(0);

      await viewerPage.getByRole("link", { name: "Engines" }).click();
      await viewerPage.getByRole("button", { name: "Localize" }).waitFor();
      expect(await viewerPage.getByRole("button", { name: "Create engine" }).count()).toBe(0);
      await viewerPage.getByRole("button", { name: "Localize" }).click();
      await expect
        .poll(async () => (await viewerPage.getByRole("alert").textContent()) ?? "")
        .toContain("may not use engine");
      await screenshot(viewerPage, "engines-member-denied");
    } finally {
      await context.close();
    }
  });

  it("lets an instance admin change the plan", async () => {
    await page.getByRole("link", { name: "Plan" }).click();
    await page.getByRole("heading", { name: "Change the plan" }).waitFor();
    await page.getByLabel("Plan", { exact: true }).selectOption("pro");
    await page.getByRole("button", { name: "Save plan" }).click();
    await page.getByText("Saved: pro").waitFor();
    await expect.poll(async () => page.locator(".plan-name").textContent()).toBe("pro");
    await page.getByText(/^Off: every member and key reaches every engine/).waitFor();
    const org = (await globex.admin.get(`/api/orgs/${globex.orgId}`)).body;
    expect([org.plan, org.rbac, org.rbacOn]).toEqual(["pro", true, false]);
    await expectAccessible(page, "plan page");
    await screenshot(page, "plan");
    await page.getByLabel("Plan", { exact: true }).selectOption("enterprise");
    await page.getByRole("button", { name: "Save plan" }).click();
    await page.getByText("Saved: enterprise").waitFor();
  });

  it("lets an instance admin create users and organizations", async () => {
    await page.getByRole("link", { name: "Admin" }).click();
    await page.getByRole("heading", { name: "Instance administration" }).waitFor();
    await page.getByLabel("Email").fill("created@example.test");
    await page.getByLabel("Initial password").fill("created-password-1");
    await page.getByRole("button", { name: "Create user" }).click();
    await page.getByText("Created created@example.test.").waitFor();
    await page.getByRole("row", { name: /created@example\.test/ }).waitFor();

    await page.getByLabel("Name", { exact: true }).fill("Initech");
    await page.getByLabel("Owner").selectOption({ label: ADMIN.email });
    await page.getByLabel("Plan", { exact: true }).first().selectOption("enterprise");
    await page.getByRole("checkbox", { name: "RBAC entitlement" }).first().check();
    await page.getByRole("button", { name: "Create organization" }).click();
    await page.getByText("Created Initech.").waitFor();
    await page.locator('li[data-org-name="Initech"]').waitFor();
    await expect
      .poll(async () => page.getByLabel("Organization").locator("option").allTextContents())
      .toContain("Initech");
    const created = (await globex.admin.get("/api/admin/orgs")).body.organizations.find(
      (org: { name: string }) => org.name === "Initech",
    );
    expect([created.plan, created.rbac]).toEqual(["enterprise", true]);
    await expectAccessible(page, "admin page");
    await screenshot(page, "admin");
  });

  it("fits every page at phone width", async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    for (const name of ["team", "engines", "audit", "plan"]) {
      await page.goto(server.url + path(name));
      await page.locator("main h1").first().waitFor();
      await page.waitForLoadState("networkidle");
      expect(await elementsWiderThanViewport(page), name).toEqual([]);
      await screenshot(page, `${name}-phone`);
    }
    await page.goto(server.url + "/admin");
    await page.getByRole("heading", { name: "Instance administration" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await elementsWiderThanViewport(page), "admin").toEqual([]);
    await screenshot(page, "admin-phone");
  });
});
