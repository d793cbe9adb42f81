import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seedOrganization, type SeededOrg } from "../support/seed.js";
import { ADMIN, startTestServer, type TestServer } from "../support/test-server.js";
import { describeInBrowser, expectAccessible, launchBrowser, openPage, signIn } from "./support/browser.js";

describeInBrowser("dashboard: CLI login approval page (lingo.dev login, glossa login)", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let second: SeededOrg;

  beforeAll(async () => {
    server = await startTestServer("pglite");
    browser = await launchBrowser();
    await seedOrganization(server.url, { name: "First Org" });
    second = await seedOrganization(server.url, { name: "Second Org" });
    ({ page } = await openPage(browser));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function startSession() {
    const verifier = randomBytes(32).toString("base64url");
    const response = await fetch(`${server.url}/cli-sessions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "User-Agent": "node" },
      body: JSON.stringify({ verifier }),
    });
    const session = (await response.json()) as { id: string; verifyUrl: string };
    const poll = async () =>
      (await fetch(`${server.url}/cli-sessions/${session.id}`, { headers: { "X-Cli-Verifier": verifier } })).json();
    return { ...session, poll };
  }

  it("shows the device after sign-in, approves for the chosen organization, and the device gets its key", async () => {
    const session = await startSession();
    await signIn(page, server.url, ADMIN.email, ADMIN.password, new URL(session.verifyUrl).pathname);
    await page.getByRole("heading", { name: "Sign in a command-line tool" }).waitFor();
    await expect.poll(() => page.getByText("node", { exact: true }).isVisible()).toBe(true);
    await expectAccessible(page, "CLI login page");

    await page.getByLabel("Give the key for organization").selectOption({ label: "Second Org" });
    await page.getByRole("button", { name: "Approve and create a key" }).click();
    await page.getByRole("status").filter({ hasText: "Approved" }).waitFor();
    await expectAccessible(page, "CLI login page, approved");

    const answer = (await session.poll()) as { status: string; apiKey: string };
    expect(answer.status).toBe("completed");
    const me = await fetch(`${server.url}/users/me`, { headers: { "X-API-Key": answer.apiKey } });
    expect(await me.json()).toMatchObject({ organizationId: second.orgId, kind: "personal" });
    // the page never held the key
    expect(await page.content()).not.toContain(answer.apiKey);

    await page.reload();
    await page.getByRole("status").filter({ hasText: "Done: the tool has received its key." }).waitFor();
  });

  it("says so when the session is unknown or expired", async () => {
    await page.goto(`${server.url}/cli-login/cls_doesnotexist`);
    await page.getByRole("alert").filter({ hasText: "does not exist or has expired" }).waitFor();
    await expectAccessible(page, "CLI login page, unknown session");
  });
});
