import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createKey, seedOrganization, type SeededOrg } from "../support/seed.js";
import { ADMIN, startTestServer, type TestServer } from "../support/test-server.js";
import { describeInBrowser, expectAccessible, launchBrowser, openPage, signIn } from "./support/browser.js";

describeInBrowser("dashboard: an engine's price, for POST /process/estimate", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let org: SeededOrg;
  const engineCard = (name: string) => page.locator(`li[data-engine-name="${name}"]`);

  beforeAll(async () => {
    server = await startTestServer("pglite");
    browser = await launchBrowser();
    org = await seedOrganization(server.url, { name: "Priced" });
    ({ page } = await openPage(browser));
    await signIn(page, server.url, ADMIN.email, ADMIN.password, `/orgs/${org.orgId}/engines`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const estimate = async (secret: string, engineId: string) => {
    const response = await fetch(`${server.url}/process/estimate`, {
      method: "POST",
      headers: { "X-API-Key": secret, "Content-Type": "application/json" },
      body: JSON.stringify({ engineId, items: [{ targetLocale: "de", sourceChars: 1_000_000 }] }),
    });
    return ((await response.json()) as { totals: { estimatedTotalCostUsd: number } }).totals.estimatedTotalCostUsd;
  };

  it("sets and edits the price in the engine dialog; pseudo is free", async () => {
    await engineCard("Pseudo").waitFor();
    await page.getByRole("button", { name: "Create engine" }).click();
    const dialog = page.getByRole("dialog", { name: "Create an engine" });
    await dialog.getByLabel("Name", { exact: true }).fill("DeepL");
    await dialog.getByText("costs nothing to run").waitFor();
    await dialog.getByLabel("Provider").selectOption("deepl");
    await dialog.getByLabel("US dollars per million").fill("25");
    await dialog.getByLabel("Counted in").selectOption("characters");
    await expectAccessible(page, "engine dialog with price");
    await dialog.getByRole("button", { name: "Create engine" }).click();
    await engineCard("DeepL").waitFor();

    const engines = await org.admin.get(`/api/orgs/${org.orgId}/engines`);
    const deepl = engines.body.engines.find((engine: { name: string }) => engine.name === "DeepL");
    expect(deepl.config.price).toEqual({ usdPerMillion: 25, unit: "characters" });
    const { secret } = await createKey(org.admin, org.orgId, { name: "estimates" });
    expect(await estimate(secret, deepl.id)).toBe(25);

    await page.getByRole("button", { name: "Edit engine DeepL" }).click();
    const edit = page.getByRole("dialog", { name: "Edit engine “DeepL”" });
    expect(await edit.getByLabel("US dollars per million").inputValue()).toBe("25");
    expect(await edit.getByLabel("Configuration (JSON object)").inputValue()).not.toContain("price");
    await edit.getByLabel("US dollars per million").fill("20");
    await edit.getByLabel("Counted in").selectOption("tokens");
    await edit.getByRole("button", { name: "Save engine" }).click();
    await expect.poll(async () => estimate(secret, deepl.id)).toBe(10); // 250,000 tokens each way at $20 a million
    expect(await estimate(secret, org.engineId)).toBe(0);
  });
});
