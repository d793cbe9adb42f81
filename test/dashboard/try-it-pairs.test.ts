import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { ADMIN, startTestServer, type TestServer } from "../support/test-server.js";
import { describeInBrowser, expectAccessible, launchBrowser, openPage, screenshot, signIn } from "./support/browser.js";

describeInBrowser("dashboard: Try it starts at a pair the engine supports (issue 14 item 3)", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let acme: SeededOrg;
  let apertiumPairs: { sourceLocale: string; targetLocale: string }[] = [];

  beforeAll(async () => {
    server = await startTestServer("pglite");
    browser = await launchBrowser();
    acme = await seedOrganization(server.url, { name: "Acme" });
    expectStatus(
      await acme.admin.post(`/api/orgs/${acme.orgId}/engines`, { name: "Apertium", provider: "apertium" }),
      201,
    );
    const providers = await acme.admin.get("/api/providers");
    apertiumPairs = providers.body.providers.find((provider: { name: string }) => provider.name === "apertium")
      .supportedPairs.pairs;
    ({ page } = await openPage(browser));
    await signIn(page, server.url, ADMIN.email, ADMIN.password, `/orgs/${acme.orgId}/engines`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const locales = async () => [
    await page.getByLabel("Source locale").inputValue(),
    await page.getByLabel("Target locale").inputValue(),
  ];

  it("a pseudo engine (any pair) starts at en→de with no pair list", async () => {
    await page.getByLabel("Engine", { exact: true }).selectOption({ label: "Pseudo" });
    expect(await locales()).toEqual(["en", "de"]);
    expect(await page.getByLabel("Supported pair").count()).toBe(0);
  });

  it("an Apertium engine starts at one of its installed pairs and lists them; the call succeeds", async () => {
    await page.getByLabel("Engine", { exact: true }).selectOption({ label: "Apertium" });
    const pairSelect = page.getByLabel("Supported pair");
    await pairSelect.waitFor();
    const [source, target] = await locales();
    if (apertiumPairs.length === 0) {
      expect(await pairSelect.textContent()).toContain("None installed");
      return;
    }
    expect(apertiumPairs).toContainEqual({ sourceLocale: source, targetLocale: target });
    const options = await pairSelect.locator("option").allTextContents();
    expect(options.length).toBe(apertiumPairs.length);
    await page.getByLabel("Content (JSON object)").fill('{"greeting": "Hello"}');
    await page.getByRole("button", { name: "Localize" }).click();
    await page.getByTestId("try-output").waitFor();
    await expectAccessible(page, "try it with supported pairs");
    await screenshot(page, "try-it-apertium-pairs");

    // A pair picked from the list sets both locales; typing another pair is still possible.
    const last = apertiumPairs.at(-1)!;
    await pairSelect.selectOption({ label: `${last.sourceLocale}→${last.targetLocale}` });
    expect(await locales()).toEqual([last.sourceLocale, last.targetLocale]);
    await page.getByLabel("Target locale").fill("xx");
    expect(await pairSelect.inputValue()).toBe("");
  });
});
