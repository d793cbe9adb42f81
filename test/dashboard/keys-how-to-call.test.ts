import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ApiClient } from "../support/api-client.js";
import { expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { ADMIN, startTestServer, type TestServer } from "../support/test-server.js";
import { describeInBrowser, expectAccessible, launchBrowser, openPage, screenshot, signIn } from "./support/browser.js";

describeInBrowser("dashboard: keys page says how to call it (issue 14 item 7)", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let empty: SeededOrg;
  let ready: SeededOrg;

  beforeAll(async () => {
    server = await startTestServer("pglite");
    browser = await launchBrowser();
    empty = await seedOrganization(server.url, { name: "Empty Co" });
    expectStatus(await empty.admin.delete(`/api/orgs/${empty.orgId}/engines/${empty.engineId}`), 204);
    ready = await seedOrganization(server.url, { name: "Ready Co" });
    ({ page } = await openPage(browser));
    await signIn(page, server.url, ADMIN.email, ADMIN.password, `/orgs/${empty.orgId}/keys`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("in the empty state: the server's address in curl, SDK, MCP, CLI, DeepL and LibreTranslate examples, and a hint that no engine exists", async () => {
    const panel = page.getByRole("region", { name: "How to call it" });
    await panel.waitFor();
    expect(await panel.getByRole("note").textContent()).toContain("no engine yet");
    expect(await panel.getByRole("link", { name: "Create an engine first." }).getAttribute("href")).toBe(
      `/orgs/${empty.orgId}/engines`,
    );
    const example = () => panel.locator("pre").textContent();
    expect(await example()).toContain(`curl -s ${server.url}/process/localize`);
    for (const [tab, expected] of [
      ["Lingo.dev SDK", `apiUrl: "${server.url}"`],
      ["MCP (Claude, Cursor)", `claude mcp add --transport http glossa ${server.url}/mcp`],
      ["CLI", `GLOSSA_URL=${server.url}`],
      ["DeepL API (curl, deepl-node)", `curl -s ${server.url}/v2/translate`],
      ["DeepL API (curl, deepl-node)", `{ serverUrl: "${server.url}" }`],
      ["DeepL API (curl, deepl-node)", "DeepL-Auth-Key $GLOSSA_API_KEY"],
      ["LibreTranslate API (curl)", `curl -s ${server.url}/libretranslate/translate`],
      ["LibreTranslate API (curl)", `"api_key":"'"$GLOSSA_API_KEY"'"`],
    ] as const) {
      await panel.getByLabel("Client").selectOption({ label: tab });
      expect(await example()).toContain(expected);
    }
    expect(await example()).not.toMatch(/gls_[0-9A-Za-z]{38}/);
    await expectAccessible(page, "keys page, empty, how to call it");
    await screenshot(page, "keys-how-to-call-empty");
  });

  it("after creating a key the panel stays, and each key's id has a copy button", async () => {
    await page.goto(`${server.url}/orgs/${ready.orgId}/keys`);
    await page.getByRole("region", { name: "How to call it" }).waitFor();
    expect(await page.getByRole("region", { name: "How to call it" }).getByRole("note").count()).toBe(0);
    await page.getByRole("button", { name: "Create personal key" }).click();
    await page.getByRole("dialog", { name: "Create a personal key" }).getByLabel("Name").fill("Site");
    await page.keyboard.press("Enter");
    const secretDialog = page.getByRole("dialog", { name: "Your new API key" });
    await secretDialog.waitFor();
    await secretDialog.getByRole("button", { name: "I have copied it — close" }).click();
    await secretDialog.waitFor({ state: "hidden" });
    await page.getByRole("region", { name: "How to call it" }).waitFor();
    const keys = await ready.admin.get(`/api/orgs/${ready.orgId}/keys?kind=personal`);
    const keyId = keys.body.keys[0].id as string;
    expect(await page.locator("tr", { hasText: "Site" }).textContent()).toContain(keyId);
    await page.getByRole("button", { name: "Copy id of Site" }).click();
    await expect
      .poll(async () => (await page.locator("tr", { hasText: "Site" }).getByRole("status").textContent()) ?? "")
      .toMatch(/Copied|blocked/);
  });

  it("follows the system's dark mode (prefers-color-scheme) and stays accessible", async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      colorScheme: "dark",
      bypassCSP: true,
    });
    try {
      const dark = await context.newPage();
      await signIn(dark, server.url, ADMIN.email, ADMIN.password, `/orgs/${empty.orgId}/keys`);
      await dark.getByRole("region", { name: "How to call it" }).waitFor();
      const background = await dark.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
      expect(background).toBe("rgb(11, 15, 23)");
      await expectAccessible(dark, "keys page in dark mode");
      await screenshot(dark, "keys-dark-mode");
    } finally {
      await context.close();
    }
    const call = await new ApiClient(server.url).get("/healthz");
    expect(call.status).toBe(200);
  });
});
