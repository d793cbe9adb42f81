import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ApiClient } from "../support/api-client.js";
import { startMailbox, type Mailbox } from "../support/mailbox.js";
import { addMemberUser, seedOrganization } from "../support/seed.js";
import { startTestServer, type TestServer } from "../support/test-server.js";
import { waitUntil } from "../support/wait-until.js";
import { describeInBrowser, expectAccessible, launchBrowser, openPage, screenshot } from "./support/browser.js";

const EMAIL = "forgetful@example.test";

describeInBrowser("dashboard: password reset by email (issue 25 item 3)", () => {
  let server: TestServer;
  let browser: Browser;
  let mailbox: Mailbox;

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startTestServer("pglite", { smtpUrl: mailbox.url });
    const seed = await seedOrganization(server.url);
    await addMemberUser(seed, EMAIL, seed.roles.member, "forgotten-password-1");
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mailbox?.close();
  });

  it("from the sign-in page to an emailed link, a new password, and a sign-in with it", async () => {
    const { page } = await openPage(browser);
    await page.goto(server.url);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByRole("heading", { name: "Reset your password" }).waitFor();
    await expectAccessible(page, "forgot-password page");
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByRole("button", { name: "Email me a link" }).click();
    expect(await page.getByRole("status").textContent()).toContain("If an account has this email");
    await screenshot(page, "password-reset-requested");

    await waitUntil(() => mailbox.messages.some((message) => message.to.includes(EMAIL)), { timeoutMs: 15_000 });
    const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(mailbox.messages.at(-1)!.raw)![0];
    await page.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await expectAccessible(page, "reset-password page");
    await page.getByLabel("New password", { exact: true }).fill("remembered-password-1");
    await page.getByRole("button", { name: "Set password" }).click();
    await page.getByRole("status").waitFor();
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password", { exact: true }).fill("remembered-password-1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "Sign out", exact: true }).waitFor();
    expect(
      (await new ApiClient(server.url).post("/api/session", { email: EMAIL, password: "forgotten-password-1" })).status,
    ).toBe(401);
  });
});
