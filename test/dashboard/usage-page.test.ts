import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addUsage } from "../../src/storage/repositories/usage.js";
import { ApiClient } from "../support/api-client.js";
import { createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
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

describeInBrowser("dashboard: usage, key limits and organization limits", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let acme: SeededOrg;
  let busy: { id: string; secret: string };
  const row = (name: string) => page.locator("tr", { has: page.locator("th", { hasText: name }) });

  beforeAll(async () => {
    server = await startTestServer("pglite");
    browser = await launchBrowser();
    acme = await seedOrganization(server.url, { name: "Acme", plan: "enterprise", rbac: true });
    busy = await createKey(acme.admin, acme.orgId, { name: "Busy key" });
    await createKey(acme.admin, acme.orgId, { name: "Idle key" });
    const anon = new ApiClient(server.url);
    for (let call = 0; call < 3; call++) {
      expectStatus(
        await anon.localize(busy.secret, { sourceLocale: "en", targetLocale: "de", data: { a: "Hello", b: "World" } }),
        200,
      );
    }
    await server.deps.meter.usage.flush();
    // The pseudo engine keeps no translation memory: what an LLM engine's calls would add to it.
    await addUsage(server.database.sql, [
      {
        organizationId: acme.orgId,
        keyId: busy.id,
        engineId: acme.engineId,
        protocol: "glossa",
        day: new Date().toISOString().slice(0, 10),
        requests: 0,
        characters: 0,
        inputTokens: 0,
        outputTokens: 0,
        memoryHits: 2,
        nearMatches: 1,
        memoryMisses: 4,
        errors: {},
      },
    ]);
    ({ page } = await openPage(browser));
    await signIn(page, server.url, ADMIN.email, ADMIN.password, `/orgs/${acme.orgId}/usage`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows totals, charts by day, key and engine, and tables with the same figures", async () => {
    await page.getByRole("heading", { name: "Usage", level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId("usage-total-requests").textContent()).toBe("3");
    expect(await page.getByTestId("usage-total-characters").textContent()).toBe("30");
    expect(await page.getByTestId("usage-total-memory").textContent()).toBe("2 / 1 / 4");
    await expect.poll(() => page.locator(".usage-chart .recharts-wrapper").count()).toBe(3);
    const keyRow = page.getByRole("region", { name: "Usage by key" }).locator("tr", { hasText: "Busy key" });
    await expect.poll(() => keyRow.locator("td").first().textContent()).toBe("3");
    expect(await keyRow.locator("td").nth(3).textContent()).toBe("2 / 1 / 4");
    const dayRow = page.getByRole("region", { name: "Usage by day" }).locator("tbody tr").first();
    expect(await dayRow.locator("td").nth(3).textContent()).toBe("2 / 1 / 4");
    await expect
      .poll(() => page.getByRole("region", { name: "Usage by engine" }).locator("tbody tr").first().textContent())
      .toContain("Pseudo");
    const csv = await page.getByRole("link", { name: "Download CSV (per key)" }).getAttribute("href");
    expect(csv).toContain(`/api/orgs/${acme.orgId}/usage.csv?`);
    const download = await page.evaluate(async (href) => (await fetch(href!)).text(), csv);
    expect(download).toContain(`${busy.id},3,30,`);
    await screenshot(page, "usage-page");
    await expectAccessible(page, "usage page");
  });

  it("fits a phone screen", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.reload();
      await page.getByTestId("usage-total-requests").waitFor();
      expect(await elementsWiderThanViewport(page)).toEqual([]);
      await expectAccessible(page, "usage page on a phone");
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it("shows a usage figure on each key row, and sets a key's limits on create and edit", async () => {
    await page.goto(`${server.url}/orgs/${acme.orgId}/keys`);
    await expect.poll(() => row("Busy key").locator("td.key-usage").textContent()).toContain("3 requests");
    expect(await row("Idle key").locator("td.key-usage").textContent()).toContain("0 requests");

    await page.getByRole("button", { name: "Create personal key" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Limited key");
    await dialog.getByLabel("Requests per window").fill("50");
    await dialog.getByLabel("Window (seconds)").fill("60");
    await dialog.getByLabel("Monthly character limit").fill("1000");
    await expectAccessible(page, "create key dialog with limits");
    await dialog.getByRole("button", { name: "Create key" }).click();
    await page.getByRole("button", { name: /I have copied it/ }).click();

    const listed = await acme.admin.get(`/api/orgs/${acme.orgId}/keys?kind=personal`);
    const limited = listed.body.keys.find((key: { name: string }) => key.name === "Limited key");
    expect(limited.rateLimit).toEqual({ requests: 50, windowSeconds: 60 });
    expect(limited.monthlyCharacterLimit).toBe(1000);

    await page.getByRole("button", { name: "Edit key Limited key" }).click();
    await page.getByRole("dialog").getByLabel("Requests per window").fill("");
    await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
    await expect
      .poll(async () => {
        const keys = await acme.admin.get(`/api/orgs/${acme.orgId}/keys?kind=personal`);
        return keys.body.keys.find((key: { id: string }) => key.id === limited.id).rateLimit;
      })
      .toBeNull();
  });

  it("lets a manager set the default key rate limit and an admin the monthly quota on the Plan page", async () => {
    await page.goto(`${server.url}/orgs/${acme.orgId}/plan`);
    const form = page.getByRole("form", { name: "Default key rate limit" });
    await form.getByLabel("Requests per window (empty: unlimited)").fill("600");
    await form.getByLabel("Window (seconds)").fill("60");
    await form.getByRole("button", { name: "Save default rate limit" }).click();
    await expect.poll(() => page.getByTestId("default-rate-limit").textContent()).toContain("600 requests per 60");

    await page.getByLabel("Monthly character quota (empty: unlimited)").fill("500000");
    await page.getByRole("button", { name: "Save plan" }).click();
    await expect.poll(() => page.getByTestId("monthly-quota").textContent()).toContain("500");
    const org = await acme.admin.get(`/api/orgs/${acme.orgId}`);
    expect(org.body.defaultKeyRateLimit).toEqual({ requests: 600, windowSeconds: 60 });
    expect(org.body.monthlyCharacterQuota).toBe(500000);
    await screenshot(page, "plan-limits");
    await expectAccessible(page, "plan page with limits");
  });
});
