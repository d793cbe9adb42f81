import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seedOrganization, type SeededOrg } from "../support/seed.js";
import { ADMIN, startTestServer, type TestServer } from "../support/test-server.js";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.js";
import {
  describeInBrowser,
  everythingThePageHolds,
  expectAccessible,
  launchBrowser,
  openPage,
  signIn,
} from "./support/browser.js";

describeInBrowser("dashboard: Webhooks page", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let acme: SeededOrg;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    server = await startTestServer("pglite", { webhookAllowPrivate: true, webhookPollMs: 50 });
    browser = await launchBrowser();
    acme = await seedOrganization(server.url, { name: "Acme" });
    receiver = await startWebhookReceiver();
    ({ page } = await openPage(browser));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await receiver?.close();
  });

  it("adds an endpoint with picked events and shows its secret once", async () => {
    await signIn(page, server.url, ADMIN.email, ADMIN.password, `/orgs/${acme.orgId}/webhooks`);
    await page.getByRole("heading", { name: "Webhooks", level: 1 }).waitFor();
    await expectAccessible(page, "webhooks page (empty)");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await page.getByLabel("Endpoint URL").fill(receiver.url);
    await page.getByLabel("Description (optional)").fill("Audit sink");
    await page.getByLabel(/Send every event/).uncheck();
    await page.getByLabel("key.created").check();
    await page.getByLabel("key.deleted").check();
    await expectAccessible(page, "create webhook dialog");
    await page.getByRole("dialog").getByRole("button", { name: "Add endpoint" }).click();
    const secret = (await page.locator("#new-webhook-secret").textContent())!;
    expect(secret).toMatch(/^whsec_/);
    receiver.secret = secret;
    await expectAccessible(page, "webhook secret dialog");
    await page.getByRole("button", { name: /I have copied it/ }).click();
    const row = page.locator("tr", { hasText: receiver.url });
    await expect.poll(() => row.textContent()).toContain("key.created, key.deleted");
    expect(await everythingThePageHolds(page)).not.toContain(secret);
  });

  it("sends a test event, shows the delivery with its request and response, and retries it", async () => {
    await page.getByRole("button", { name: "Send test event" }).click();
    await receiver.waitFor((all) => all.length === 1);
    expect(receiver.received[0]!.verified).toBe(true);
    const delivery = page.locator(".delivery-list > li").first();
    await expect
      .poll(async () => {
        await page.getByRole("button", { name: "Refresh" }).click();
        return delivery.textContent();
      })
      .toContain("succeeded");
    await delivery.locator("summary").click();
    await expect.poll(() => delivery.textContent()).toContain("HTTP 200");
    expect(await delivery.textContent()).toContain("webhook-signature: v1,");
    expect(await delivery.textContent()).toContain('"type":"webhook.test"');
    await expectAccessible(page, "webhooks page with a delivery log");
    await delivery.getByRole("button", { name: "Retry now" }).click();
    await receiver.waitFor((all) => all.length === 2);
    expect(receiver.received[1]!.id).toBe(receiver.received[0]!.id);
  });

  it("pauses and deletes an endpoint", async () => {
    await page.getByRole("button", { name: "Pause" }).click();
    await page.locator(".badge", { hasText: "Paused" }).waitFor();
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("button", { name: "Delete endpoint" }).click();
    await page.getByText("No endpoints yet.").waitFor();
    expect((await acme.admin.get(`/api/orgs/${acme.orgId}/webhooks`)).body.webhooks).toEqual([]);
  });
});
