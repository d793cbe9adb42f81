import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addUsage } from "../../src/storage/repositories/usage.js";
import { createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { ADMIN, startTestServer, type TestServer } from "../support/test-server.js";
import { describeInBrowser, expectAccessible, launchBrowser, openPage, screenshot, signIn } from "./support/browser.js";

/** Issue 26 items 1, 5, 6 and 7 as a new team meets them, in one server and one browser. */
describeInBrowser("dashboard: what a new team trips over (issue 26)", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let acme: SeededOrg;
  let beta: SeededOrg;
  /** The organization picker in the page header. */
  const picker = () => page.getByRole("banner").getByLabel("Organization");
  const row = (name: string) => page.locator("tr", { has: page.locator("th", { hasText: name }) });

  beforeAll(async () => {
    server = await startTestServer("pglite");
    browser = await launchBrowser();
    acme = await seedOrganization(server.url, { name: "Acme" });
    beta = await seedOrganization(server.url, { name: "Beta" });
    const busy = await createKey(acme.admin, acme.orgId, { name: "Busy key" });
    // One request of 1.8 million characters today: "1 request", and an axis that must not read 1800000.
    await addUsage(server.database.sql, [
      {
        organizationId: acme.orgId,
        keyId: busy.id,
        engineId: acme.engineId,
        protocol: "glossa",
        day: new Date().toISOString().slice(0, 10),
        requests: 1,
        characters: 1_800_000,
        inputTokens: 0,
        outputTokens: 0,
        memoryHits: 0,
        nearMatches: 0,
        memoryMisses: 0,
        errors: {},
      },
    ]);
    expectStatus(
      await acme.admin.patch(`/api/orgs/${acme.orgId}`, { defaultKeyRateLimit: { requests: 1, windowSeconds: 60 } }),
      200,
    );
    ({ page } = await openPage(browser));
    await signIn(page, server.url, ADMIN.email, ADMIN.password, `/orgs/${acme.orgId}/keys`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("item 1: the service key dialog says what the key will reach, and the list marks a key that reaches nothing", async () => {
    await page.getByRole("tab", { name: "Service" }).click();
    await page.getByRole("button", { name: "Create service key" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a service key" });
    const reach = dialog.getByTestId("key-reach");
    await expect.poll(() => reach.textContent()).toContain("reaches no engine");
    await dialog.getByRole("checkbox", { name: /Pseudo/ }).check();
    await expect.poll(() => reach.textContent()).toContain("reaches 1 engine");
    await dialog.getByRole("checkbox", { name: /Pseudo/ }).uncheck();
    await expect.poll(() => reach.textContent()).toContain("reaches no engine");
    await expectAccessible(page, "service key dialog saying the key reaches no engine");
    await screenshot(page, "keys-service-reaches-no-engine");

    await dialog.getByLabel("Name").fill("Reaches nothing");
    await dialog.getByRole("button", { name: "Create key" }).click();
    const secretDialog = page.getByRole("dialog", { name: "Your new API key" });
    await secretDialog.getByRole("button", { name: "I have copied it — close" }).click();
    await secretDialog.waitFor({ state: "hidden" });
    await row("Reaches nothing").waitFor();
    await expect.poll(() => row("Reaches nothing").textContent()).toContain("No access");

    await createKey(acme.admin, acme.orgId, { name: "Scoped", kind: "service", engineIds: [acme.engineId] });
    await page.reload();
    await page.getByRole("tab", { name: "Service" }).click();
    await row("Scoped").waitFor();
    expect(await row("Scoped").textContent()).not.toContain("No access");
    expect(await row("Scoped").textContent()).toContain("reaches 1 engine");
    await screenshot(page, "keys-service-no-access-badge");
    await page.getByRole("tab", { name: "Personal" }).click();
  });

  it("item 7: counts take their plural form, dates follow one convention, the chart axis is compact", async () => {
    await page.goto(`${server.url}/orgs/${acme.orgId}/keys`);
    await row("Busy key").waitFor();
    await expect.poll(() => row("Busy key").locator(".key-usage").textContent()).toContain("1 request");
    expect(await row("Busy key").locator(".key-usage").textContent()).not.toContain("1 requests");
    expect(await row("Busy key").locator(".key-usage").textContent()).toContain("1,800,000 characters");
    const created = row("Busy key").locator('td[data-label="Created"] time');
    expect(await created.getAttribute("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await created.getAttribute("title")).toMatch(/\d{4}/);
    expect(await created.textContent()).toMatch(/just now|minute/);

    await page.goto(`${server.url}/orgs/${acme.orgId}/plan`);
    await expect.poll(() => page.getByTestId("default-rate-limit").textContent()).toBe("1 request per 60 seconds");

    await page.goto(`${server.url}/orgs/${acme.orgId}/usage`);
    await page.locator(".usage-chart .recharts-wrapper").first().waitFor();
    const ticks = await page.locator(".usage-chart .recharts-cartesian-axis-tick-value").allTextContents();
    expect(ticks.some((tick) => /^1\.8M$/.test(tick.trim()))).toBe(true);
    expect(ticks.filter((tick) => /\d{6,}/.test(tick.replace(/[,.\s]/g, "")))).toEqual([]);
    await screenshot(page, "usage-compact-axis");
  });

  it("item 5: an Apertium engine created with the dialog's defaults saves no example glossary entry", async () => {
    await page.goto(`${server.url}/orgs/${acme.orgId}/engines`);
    await page.getByRole("button", { name: "Create engine" }).click();
    const dialog = page.getByRole("dialog", { name: "Create an engine" });
    await dialog.getByLabel("Name", { exact: true }).fill("Apertium");
    await dialog.getByLabel("Provider").selectOption("apertium");
    const config = dialog.getByLabel("Configuration (JSON object)");
    expect(await config.inputValue()).toBe("");
    expect(await config.getAttribute("placeholder")).toContain("Glossa");
    await dialog.getByRole("button", { name: "Create engine" }).click();
    await dialog.waitFor({ state: "hidden" });
    const card = page.locator('li[data-engine-name="Apertium"]');
    await card.waitFor();
    expect(await card.textContent()).not.toContain("glossary entr");
    const engines = (await acme.admin.get(`/api/orgs/${acme.orgId}/engines`)).body.engines as {
      name: string;
      config: Record<string, unknown>;
    }[];
    expect(engines.find((engine) => engine.name === "Apertium")?.config.glossary).toBeUndefined();
  });

  it("item 6: the organization picker and the tabs stay on the organization the user was in", async () => {
    await page.goto(`${server.url}/orgs/${beta.orgId}/engines`);
    await page.getByRole("heading", { name: "Engines" }).first().waitFor();
    for (const path of ["/account", "/admin"]) {
      await page.goto(server.url + path);
      await page.getByRole("button", { name: "Sign out", exact: true }).waitFor();
      await expect.poll(() => picker().inputValue()).toBe(beta.orgId);
      expect(await page.getByRole("link", { name: "API keys" }).getAttribute("href"), path).toBe(
        `/orgs/${beta.orgId}/keys`,
      );
    }
    // Choosing another organization where there is none in the address is remembered too.
    await picker().selectOption({ label: "Acme" });
    await expect
      .poll(() => page.getByRole("link", { name: "API keys" }).getAttribute("href"))
      .toBe(`/orgs/${acme.orgId}/keys`);
    expect(new URL(page.url()).pathname).toBe("/admin");
    await page.goto(`${server.url}/orgs/${beta.orgId}/keys`);
    await page.getByRole("heading", { name: "API keys" }).waitFor();

    const verifier = randomBytes(32).toString("base64url");
    const session = (await (
      await fetch(`${server.url}/cli-sessions`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "User-Agent": "node" },
        body: JSON.stringify({ verifier }),
      })
    ).json()) as { id: string };
    await page.goto(`${server.url}/cli-login/${session.id}`);
    await expect.poll(() => page.getByLabel("Give the key for organization").inputValue()).toBe(beta.orgId);
    expect(await picker().inputValue()).toBe(beta.orgId);
    await expectAccessible(page, "CLI login page with the remembered organization");
    await screenshot(page, "cli-login-remembered-organization");
  });

  it("item 7: the last owner is not offered Leave, and is told why", async () => {
    await page.goto(`${server.url}/account`);
    const leave = page.getByRole("button", { name: "Leave Acme" });
    await leave.waitFor();
    expect(await leave.isDisabled()).toBe(true);
    const reason = await leave.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${reason}"]`).textContent()).toContain("last owner");
    await expectAccessible(page, "account page of a last owner");
    await screenshot(page, "account-last-owner");
  });
});
