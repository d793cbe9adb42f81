import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { expectStatus, seedOrganization } from "../support/seed.js";
import { startTestServer, type TestServer } from "../support/test-server.js";
import { describeInBrowser, expectAccessible, launchBrowser, openPage, screenshot, signIn } from "./support/browser.js";

const USER = { email: "sam@example.test", password: "sam-password-1", name: "Sam" };
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";

describeInBrowser("dashboard: active sessions (issue 25)", () => {
  let server: TestServer;
  let browser: Browser;
  let first: Page;
  const contexts: BrowserContext[] = [];

  /** A second browser, in its own context, that says it is Firefox on Windows. */
  async function secondBrowser(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: FIREFOX });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signIn(page, server.url, USER.email, USER.password, "/account");
    return page;
  }
  const sessionsTable = () => first.getByRole("region", { name: "Active sessions" });

  beforeAll(async () => {
    server = await startTestServer("pglite");
    browser = await launchBrowser();
    const seed = await seedOrganization(server.url);
    expectStatus(await seed.admin.post("/api/admin/users", USER), 201);
    const opened = await openPage(browser);
    contexts.push(opened.context);
    first = opened.page;
    await signIn(first, server.url, USER.email, USER.password, "/account");
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  it("lists this browser as 'This device' with no Sign out of its own", async () => {
    await first.getByRole("heading", { name: "Active sessions" }).waitFor();
    const row = sessionsTable().getByRole("row", { name: /This device/ });
    expect(await row.getByRole("rowheader").textContent()).toBe("Chrome on Linux This device");
    expect(await row.getByRole("button").count()).toBe(0);
    await first.getByText("You are signed in only here.").waitFor();
    expect(await first.getByRole("button", { name: "Sign out everywhere else" }).count()).toBe(0);
  });

  it("signs out a second browser from the first: the second's next page load is the sign-in page", async () => {
    const second = await secondBrowser();
    await first.reload();
    const row = sessionsTable().getByRole("row", { name: /Firefox on Windows/ });
    await row.waitFor();
    expect(await row.textContent()).toContain("127.0.0.1");
    await expectAccessible(first, "account page with two sessions");
    await screenshot(first, "account-active-sessions");

    await row.getByRole("button", { name: "Sign out Firefox on Windows from 127.0.0.1" }).click();
    await row.waitFor({ state: "detached" });
    await first.getByText("You are signed in only here.").waitFor();

    await second.reload();
    await second.getByRole("button", { name: "Sign in" }).waitFor();
    expect(await second.getByRole("button", { name: "Sign out", exact: true }).count()).toBe(0);
    // The first browser is still signed in.
    await first.reload();
    await first.getByRole("heading", { name: "Active sessions" }).waitFor();
  });

  it("'Sign out everywhere else' asks first, then ends every other session and keeps this one", async () => {
    const seconds = [await secondBrowser(), await secondBrowser()];
    await first.reload();
    await expect
      .poll(() =>
        sessionsTable()
          .getByRole("row", { name: /Firefox on Windows/ })
          .count(),
      )
      .toBe(2);

    await first.getByRole("button", { name: "Sign out everywhere else" }).click();
    const dialog = first.getByRole("dialog", { name: "Sign out everywhere else?" });
    expect(await dialog.textContent()).toContain("The 2 other sessions end at once");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await seconds[0]!.reload();
    await seconds[0]!.getByRole("heading", { name: "Active sessions" }).waitFor();

    await first.getByRole("button", { name: "Sign out everywhere else" }).click();
    await dialog.getByRole("button", { name: "Sign out the other sessions" }).click();
    await first.getByText("You are signed in only here.").waitFor();
    expect(
      await sessionsTable()
        .getByRole("row", { name: /Firefox on Windows/ })
        .count(),
    ).toBe(0);
    for (const page of seconds) {
      await page.reload();
      await page.getByRole("button", { name: "Sign in" }).waitFor();
    }
    await first.reload();
    await first.getByRole("row", { name: /This device/ }).waitFor();
  });
});
