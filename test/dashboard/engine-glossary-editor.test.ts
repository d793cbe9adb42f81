import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seedOrganization, type SeededOrg } from "../support/seed.js";
import { ADMIN, startTestServer, type TestServer } from "../support/test-server.js";
import {
  describeInBrowser,
  expectAccessible,
  focused,
  launchBrowser,
  openPage,
  screenshot,
  signIn,
  tabTo,
} from "./support/browser.js";

describeInBrowser("dashboard: engine glossary editor (issue 14 item 2, glossary part)", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let acme: SeededOrg;
  const engineNamed = async (name: string) =>
    ((await acme.admin.get(`/api/orgs/${acme.orgId}/engines`)).body.engines as { name: string; config: any }[]).find(
      (engine) => engine.name === name,
    );

  beforeAll(async () => {
    server = await startTestServer("pglite");
    browser = await launchBrowser();
    acme = await seedOrganization(server.url, { name: "Acme" });
    ({ page } = await openPage(browser));
    await signIn(page, server.url, ADMIN.email, ADMIN.password, `/orgs/${acme.orgId}/engines`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("creates an engine with a glossary by keyboard alone; errors are in words next to the field", async () => {
    await page.getByRole("heading", { name: "Engines" }).first().waitFor();
    await tabTo(page, "Create engine", 80);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Create an engine" });
    await dialog.waitFor();
    await expect.poll(() => focused(page)).toBe("Name");
    await page.keyboard.type("Glossary engine");
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe("Provider");
    await page.keyboard.type("apertium");
    // Apertium's example glossary term is a placeholder, never a value (issue 26 item 5).
    expect(await dialog.getByLabel("Term 1", { exact: true }).count()).toBe(0);
    expect(await dialog.getByLabel("Configuration (JSON object)").inputValue()).toBe("");
    expect(await dialog.getByLabel("Configuration (JSON object)").getAttribute("placeholder")).toContain("Glossa");
    await tabTo(page, "Add term", 80);
    await page.keyboard.press("Enter");
    await tabTo(page, "Term 1", 80);
    await page.keyboard.press("Enter");
    expect(await dialog.getByText("Type the term.").isVisible()).toBe(true);
    expect(await dialog.getByRole("alert").textContent()).toContain("glossary is not complete");
    await expectAccessible(page, "engine dialog with a glossary error");
    await screenshot(page, "engine-glossary-error");

    await page.keyboard.type("dashboard");
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe("Type of term 1");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Übersicht");
    await page.keyboard.press("Tab");
    await page.keyboard.type("de");
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "hidden" });

    const engine = await engineNamed("Glossary engine");
    expect(engine?.config.glossary).toEqual([
      { type: "custom_translation", term: "dashboard", translation: "Übersicht", targetLocale: "de" },
    ]);
  });

  it("imports a glossary from CSV and explains a bad file in words", async () => {
    await page.getByRole("button", { name: "Create engine" }).click();
    const dialog = page.getByRole("dialog", { name: "Create an engine" });
    await dialog.getByLabel("Name", { exact: true }).fill("Imported");
    await dialog.getByLabel("Provider").selectOption("pseudo");
    const bad = join(tmpdir(), `glossary-bad-${process.pid}.csv`);
    writeFileSync(bad, "term,type,translation\nhello,custom_translation,\n");
    await dialog.locator('input[type="file"]').setInputFiles(bad);
    expect(await dialog.getByRole("alert").textContent()).toContain(
      "Line 2: a custom translation needs a translation.",
    );
    const good = join(tmpdir(), `glossary-good-${process.pid}.csv`);
    writeFileSync(good, 'term,type,translation,targetLocale\n"Acme, Inc.",non_translatable,,\nsign in,,Anmelden,de\n');
    await dialog.locator('input[type="file"]').setInputFiles(good);
    expect(await dialog.getByLabel("Term 2", { exact: true }).inputValue()).toBe("sign in");
    await dialog.getByRole("button", { name: "Create engine" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect((await engineNamed("Imported"))?.config.glossary).toEqual([
      { type: "non_translatable", term: "Acme, Inc." },
      { type: "custom_translation", term: "sign in", translation: "Anmelden", targetLocale: "de" },
    ]);
  });

  it("ranks models per locale pair, reordered by keyboard and by mouse, and sets instructions per locale", async () => {
    await page.getByRole("button", { name: "Create engine" }).click();
    const dialog = page.getByRole("dialog", { name: "Create an engine" });
    await dialog.getByLabel("Name", { exact: true }).fill("Ranked");
    await dialog.getByLabel("Provider").selectOption("pseudo");
    await dialog.getByRole("button", { name: "Add model" }).click();
    await dialog.getByLabel("Model 1", { exact: true }).fill("model-a");
    await dialog.getByRole("button", { name: "Add model" }).click();
    await dialog.getByLabel("Model 2", { exact: true }).fill("model-b");
    await dialog.getByLabel("Target locale of model 2").fill("de");
    await dialog.getByRole("button", { name: "Add model" }).click();
    await dialog.getByLabel("Model 3", { exact: true }).fill("model-c");

    // Keyboard: Move up on the third model makes it second.
    await dialog.getByRole("button", { name: "Move up model 3" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.getByLabel("Model 2", { exact: true }).inputValue()).toBe("model-c");
    // Mouse: Move down on the first model makes it second.
    await dialog.getByRole("button", { name: "Move down model 1" }).click();
    await expect.poll(() => dialog.getByLabel("Model 1", { exact: true }).inputValue()).toBe("model-c");

    await dialog.getByLabel("Requests at once").fill("99");
    expect(await dialog.getByText("Between 1 and 32.").isVisible()).toBe(true);
    await dialog.getByLabel("Requests at once").fill("4");
    await dialog.getByRole("button", { name: "Add instructions" }).click();
    await dialog.getByLabel("Instructions 1: target locale").fill("de");
    await dialog.getByRole("button", { name: "Create engine" }).click();
    expect(await dialog.getByText("Write the text, or delete this entry.").isVisible()).toBe(true);
    await dialog.getByLabel("Instructions 1: text").fill("Address the reader with Sie.");
    await expectAccessible(page, "engine dialog with models and instructions");
    await screenshot(page, "engine-models-instructions");
    await dialog.getByRole("button", { name: "Create engine" }).click();
    await dialog.waitFor({ state: "hidden" });
    const config = (await engineNamed("Ranked"))?.config;
    expect(config.models).toEqual([
      { model: "model-c", rank: 0 },
      { model: "model-a", rank: 1 },
      { model: "model-b", targetLocale: "de", rank: 0 },
    ]);
    expect(config.instructions).toEqual([{ targetLocale: "de", text: "Address the reader with Sie." }]);
    expect(config.chunking).toEqual({ concurrency: 4 });
  });

  it("shows the provider's own settings from the server's provider list, with errors in words", async () => {
    await page.getByRole("button", { name: "Create engine" }).click();
    const dialog = page.getByRole("dialog", { name: "Create an engine" });
    await dialog.getByLabel("Provider").selectOption("deepl");
    const settings = dialog.getByRole("group", { name: "deepl settings" });
    expect(await settings.getByLabel("Formality").locator("option").allTextContents()).toEqual([
      "(default)",
      "default",
      "more",
      "less",
      "prefer_more",
      "prefer_less",
    ]);
    await settings.getByLabel("Formality").selectOption("more");
    expect(JSON.parse(await dialog.getByLabel("Configuration (JSON object)").inputValue()).formality).toBe("more");
    await settings.getByLabel("Base url").fill("ftp://example.test");
    expect(await settings.getByText("An http:// or https:// address").isVisible()).toBe(true);
    await expectAccessible(page, "engine dialog with provider settings");
    await screenshot(page, "engine-provider-settings");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
  });
});
