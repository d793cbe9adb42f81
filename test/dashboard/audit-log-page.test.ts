import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addMemberUser, createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { ADMIN, startTestServer, type TestServer } from "../support/test-server.js";
import { describeInBrowser, expectAccessible, launchBrowser, openPage, screenshot, signIn } from "./support/browser.js";

const day = (offsetDays: number) => {
  const date = new Date(Date.now() + offsetDays * 86_400_000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
};

describeInBrowser("dashboard: audit log (issue 14 item 8)", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let acme: SeededOrg;

  beforeAll(async () => {
    server = await startTestServer("pglite");
    browser = await launchBrowser();
    acme = await seedOrganization(server.url, { name: "Acme" });
    const member = await addMemberUser(acme, "translator@example.test", acme.roles.member);
    const role = await acme.admin.post(`/api/orgs/${acme.orgId}/roles`, {
      name: "Translator",
      permissions: ["engine:access"],
    });
    const roleChange = (roleId: string) =>
      acme.admin.patch(`/api/orgs/${acme.orgId}/members/${member.userId}`, { roleId });
    expectStatus(await roleChange(role.body.id), 200);
    expectStatus(await roleChange(role.body.id), 200);
    await createKey(acme.admin, acme.orgId, { name: "Website" });
    ({ page } = await openPage(browser));
    await signIn(page, server.url, ADMIN.email, ADMIN.password, `/orgs/${acme.orgId}/audit`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const rows = () => page.getByRole("region", { name: "Audit events" }).locator("tbody tr");

  it("shows names and client addresses, and no event for a change that changed nothing", async () => {
    await rows().first().waitFor();
    const text = (await page.getByRole("region", { name: "Audit events" }).textContent()) ?? "";
    expect(text).toContain("Website");
    expect(text).toContain("127.0.0.1");
    const roleChanges = await rows().filter({ hasText: "member.role_changed" }).count();
    expect(roleChanges).toBe(1);
    expect(await rows().filter({ hasText: "member.role_changed" }).textContent()).toContain("translator");
    await expectAccessible(page, "audit log");
    await screenshot(page, "audit-log-names");
  });

  it("filters by target and by date range", async () => {
    await page.getByLabel("Target", { exact: true }).selectOption({ label: "translator" });
    await expect
      .poll(async () => (await rows().allTextContents()).every((row) => row.includes("translator")))
      .toBe(true);
    expect(await rows().count()).toBe(2);
    await page.getByLabel("Target", { exact: true }).selectOption({ label: "Anything" });
    await page.getByLabel("From", { exact: true }).fill(day(1));
    await page.getByText("No events match.").waitFor();
    await page.getByLabel("From", { exact: true }).fill(day(-1));
    await page.getByLabel("To", { exact: true }).fill(day(1));
    await rows().first().waitFor();
    expect(await rows().count()).toBeGreaterThan(3);
  });

  it("downloads the filtered events as CSV", async () => {
    await page.getByLabel("Action").selectOption("key.created");
    await expect.poll(() => rows().count()).toBe(1);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    const csv = readFileSync((await download.path())!, "utf8");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^time,action,actor_id/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("key.created");
    expect(lines[1]).toContain("Website");
    expect(download.suggestedFilename()).toMatch(/^glossa-audit-org_.*\.csv$/);
  });
});
