import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ApiClient } from "../support/api-client.js";
import { createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { ADMIN, startTestServer, type TestServer } from "../support/test-server.js";
import { describeInBrowser, expectAccessible, launchBrowser, openPage, screenshot, signIn } from "./support/browser.js";

/** docs/usage-and-limits.md in the dashboard: the key-lifetime cap, the expiry picker, expiry badges, Roll key, search and pages. */
describeInBrowser("dashboard: key lifecycle", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let acme: SeededOrg;
  const DAY_MS = 86_400_000;
  const keysPath = () => `/orgs/${acme.orgId}/keys`;
  const row = (name: string) => page.locator("tr", { has: page.locator("th", { hasText: name }) });
  const localize = (secret: string) =>
    new ApiClient(server.url).localize(secret, { sourceLocale: "en", targetLocale: "de", data: { a: "Hello" } });
  const apiKey = async (name: string) => {
    const list = await acme.admin.get(`/api/orgs/${acme.orgId}/keys?q=${encodeURIComponent(name)}`);
    return list.body.keys.find((key: { name: string }) => key.name === name);
  };
  const readSecret = async () => {
    const secretDialog = page.getByRole("dialog", { name: "Your new API key" });
    await secretDialog.waitFor();
    const secret = (await page.locator("#new-key-secret").textContent()) ?? "";
    await secretDialog.getByRole("button", { name: "I have copied it — close" }).click();
    await secretDialog.waitFor({ state: "hidden" });
    return secret;
  };

  beforeAll(async () => {
    server = await startTestServer("pglite");
    browser = await launchBrowser();
    acme = await seedOrganization(server.url, { name: "Acme", plan: "enterprise", rbac: true });
    expectStatus(await acme.admin.patch(`/api/orgs/${acme.orgId}`, { defaultEngineId: acme.engineId }), 200);
    ({ page } = await openPage(browser));
    await signIn(page, server.url, ADMIN.email, ADMIN.password, `/orgs/${acme.orgId}/plan`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("a manager caps key lifetimes on the Plan page", async () => {
    const form = page.getByRole("form", { name: "Maximum API key lifetime" });
    await form.waitFor();
    expect(await page.getByText("No limit: keys may never expire.").isVisible()).toBe(true);
    await form.getByLabel("Limit how long keys live").check();
    await form.getByLabel("Maximum lifetime (days)").fill("30");
    await form.getByRole("button", { name: "Save key lifetime" }).click();
    await expect.poll(() => form.getByRole("status").textContent()).toContain("at most 30 days");
    expect((await acme.admin.get(`/api/orgs/${acme.orgId}`)).body.maxKeyLifetimeDays).toBe(30);
    await expectAccessible(page, "plan page with key lifetime");
    await screenshot(page, "plan-key-lifetime");
  });

  it("the expiry picker offers only lifetimes within the cap; the key shows when it expires", async () => {
    await page.goto(server.url + keysPath());
    await page.getByRole("button", { name: "Create personal key" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a personal key" });
    await dialog.waitFor();
    const options = await dialog.getByLabel("When the key expires").locator("option").allTextContents();
    expect(options).toEqual(["In 7 days", "In 30 days (the organization's maximum)", "On a date…"]);
    await expectAccessible(page, "create dialog with expiry picker");
    await dialog.getByLabel("Name").fill("Weekly job");
    await dialog.getByLabel("When the key expires").selectOption({ label: "In 7 days" });
    const before = Date.now();
    await dialog.getByRole("button", { name: "Create key" }).click();
    await readSecret();
    await row("Weekly job").waitFor();
    expect(await row("Weekly job").textContent()).toContain("Expires in 7 days");
    const created = await apiKey("Weekly job");
    const expiresAt = new Date(created.expiresAt).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 7 * DAY_MS - 5_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);

    await page.getByRole("button", { name: "Create personal key" }).click();
    await dialog.waitFor();
    await dialog.getByLabel("Name").fill("Dated");
    await dialog.getByLabel("When the key expires").selectOption({ label: "On a date…" });
    const dateInput = dialog.getByLabel("Last day the key works");
    const max = await dateInput.getAttribute("max");
    expect(max).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await dateInput.fill(max!);
    await screenshot(page, "keys-create-expiry-date");
    await dialog.getByRole("button", { name: "Create key" }).click();
    await readSecret();
    const dated = await apiKey("Dated");
    // the end of the chosen day, capped by the server at 30 days from now
    expect(new Date(dated.expiresAt).getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
    expect(new Date(dated.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });

  it("rolls a key with a grace period: a new secret once, the old key still works and shows when it stops", async () => {
    const { secret: oldSecret } = await createKey(acme.admin, acme.orgId, { name: "Deploy" });
    await page.reload();
    await page.getByRole("button", { name: "Roll key Deploy" }).click();
    const dialog = page.getByRole("dialog", { name: "Roll API key" });
    await dialog.waitFor();
    const choices = await dialog.getByRole("radio").count();
    expect(choices).toBe(4);
    await dialog.getByLabel("Keep the old key working for 1 hour").check();
    await expectAccessible(page, "roll dialog");
    await screenshot(page, "keys-roll-dialog");
    await dialog.getByRole("button", { name: "Roll key" }).click();
    const newSecret = await readSecret();
    expect(newSecret).toMatch(/^gls_/);
    expect(newSecret).not.toBe(oldSecret);
    expectStatus(await localize(newSecret), 200);
    expectStatus(await localize(oldSecret), 200);

    const rows = page.locator("tr", { has: page.locator("th", { hasText: /^Deploy$/ }) });
    await expect.poll(() => rows.count()).toBe(2);
    const texts = await rows.allTextContents();
    expect(texts.some((text) => text.includes("Replaced; stops in 1 hour"))).toBe(true);
    expect(texts.some((text) => text.includes("Rolled from an earlier key"))).toBe(true);
    // the replaced key cannot be rolled again; the new one can
    expect(await page.getByRole("button", { name: "Roll key Deploy" }).count()).toBe(1);
    await screenshot(page, "keys-after-roll");
  });

  it("rolling with 'now' stops the old key at once and lists it as expired", async () => {
    const { secret: oldSecret } = await createKey(acme.admin, acme.orgId, { name: "Leaked" });
    await page.reload();
    await page.getByRole("button", { name: "Roll key Leaked" }).click();
    const dialog = page.getByRole("dialog", { name: "Roll API key" });
    await dialog.getByLabel("Stop the old key now").check();
    await dialog.getByRole("button", { name: "Roll key" }).click();
    const newSecret = await readSecret();
    expect((await localize(oldSecret)).body.code).toBe("key_expired");
    expectStatus(await localize(newSecret), 200);
    const rows = page.locator("tr", { has: page.locator("th", { hasText: /^Leaked$/ }) });
    await expect.poll(async () => (await rows.allTextContents()).join("|")).toContain("Expired");
    await expectAccessible(page, "keys page with an expired key");
  });

  it("searches the key list and pages through it", async () => {
    for (let index = 1; index <= 23; index++) {
      await createKey(acme.admin, acme.orgId, { name: `Batch ${String(index).padStart(2, "0")}` });
    }
    await page.reload();
    const pager = page.getByRole("navigation", { name: "Key list pages" });
    await pager.waitFor();
    const total = (await acme.admin.get(`/api/orgs/${acme.orgId}/keys?limit=1`)).body.total as number;
    await expect.poll(() => pager.getByRole("status").textContent()).toBe(`1–20 of ${total}`);
    await pager.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => pager.getByRole("status").textContent()).toBe(`21–${Math.min(40, total)} of ${total}`);
    await screenshot(page, "keys-page-two");

    await page.getByLabel("Search keys").fill("batch 1");
    await expect.poll(() => page.locator("tbody tr").count()).toBe(10);
    await expect.poll(() => pager.isVisible()).toBe(false);
    await page.getByLabel("Search keys").fill("no such key");
    await page.getByText('No keys match "no such key".').waitFor();
    await expectAccessible(page, "key search");
  });
});
