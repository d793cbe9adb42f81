import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ApiClient } from "../support/api-client.js";
import { isFinished, pollJob, submitJob } from "../support/jobs.js";
import { addMemberUser, createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
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

describeInBrowser("dashboard: Jobs page", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let acme: SeededOrg;
  const jobRow = (id: string) => page.locator(`tr[data-job-id="${id}"]`);
  const body = (targetLocales: string[]) => ({ sourceLocale: "en", targetLocales, data: { title: "Hello" } });

  beforeAll(async () => {
    server = await startTestServer("pglite", { jobPollMs: 100 });
    browser = await launchBrowser();
    acme = await seedOrganization(server.url, { name: "Acme" });
    ({ page } = await openPage(browser));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("lists jobs with status, progress, locales, key and time; a failed job says why", async () => {
    const anon = new ApiClient(server.url);
    const ci = await createKey(acme.admin, acme.orgId, { name: "CI pipeline" });
    const done = await submitJob(anon, ci.secret, body(["de", "fr", "ja"]));
    await pollJob(anon, ci.secret, done.id, isFinished);

    const slow = await acme.admin.post(`/api/orgs/${acme.orgId}/engines`, {
      name: "Slow",
      provider: "pseudo",
      config: { delayMs: 400 },
    });
    expectStatus(slow, 201);
    const doomed = await createKey(acme.admin, acme.orgId, { name: "Doomed" });
    const failed = await submitJob(anon, doomed.secret, { ...body(["it", "es", "nl"]), engineId: slow.body.id });
    expectStatus(await acme.admin.delete(`/api/orgs/${acme.orgId}/keys/${doomed.id}`), 204);
    await pollJob(anon, ci.secret, failed.id, isFinished);

    await signIn(page, server.url, ADMIN.email, ADMIN.password, `/orgs/${acme.orgId}/jobs`);
    await page.getByRole("heading", { name: "Jobs" }).waitFor();
    await jobRow(done.id).waitFor();
    const doneText = await jobRow(done.id).textContent();
    expect(doneText).toContain("Succeeded");
    expect(doneText).toContain("3/3");
    expect(doneText).toContain("en → de, fr, ja");
    expect(doneText).toContain("CI pipeline");
    expect(await page.getByLabel(`Progress of job ${done.id}`).getAttribute("value")).toBe("3");

    const failedText = await jobRow(failed.id).textContent();
    expect(failedText).toContain("Failed");
    expect(failedText).toContain("The API key is invalid or has been deleted.");
    expect(failedText).toContain("deleted key");

    await page.getByLabel("Status").selectOption("failed");
    await expect.poll(async () => page.locator("tr[data-job-id]").count()).toBe(1);
    await jobRow(failed.id).waitFor();
    await expectAccessible(page, "jobs page");
    await screenshot(page, "jobs");
    await page.getByLabel("Status").selectOption("");
    await jobRow(done.id).waitFor();
  });

  it("shows a running job's progress as it moves", async () => {
    const anon = new ApiClient(server.url);
    const key = await createKey(acme.admin, acme.orgId, { name: "Watcher" });
    const engines = (await acme.admin.get(`/api/orgs/${acme.orgId}/engines`)).body.engines as {
      id: string;
      name: string;
    }[];
    const slowId = engines.find((engine) => engine.name === "Slow")!.id;
    const job = await submitJob(anon, key.secret, { ...body(["de", "fr", "ja", "it", "es", "nl"]), engineId: slowId });
    await page.reload();
    await jobRow(job.id).waitFor();
    // The page refreshes itself while a job is under way: no reload needed to see it finish.
    await expect.poll(async () => jobRow(job.id).textContent(), { timeout: 30_000 }).toContain("Succeeded");
    expect(await jobRow(job.id).textContent()).toContain("6/6");
  });

  it("lists a TMX import job with its progress, for a manager (issue 32 item 3)", async () => {
    const header = `<header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" o-tmf="x" creationtool="t" creationtoolversion="1"/>`;
    const tmx = `<tmx version="1.4">${header}<body><tu><tuv xml:lang="en"><seg>Small</seg></tuv><tuv xml:lang="fr"><seg>Petit</seg></tuv></tu></body></tmx>`;
    const submitted = await acme.admin.request(
      "POST",
      `/api/orgs/${acme.orgId}/engines/${acme.engineId}/translation-memory/import?async=true`,
      tmx,
      { "content-type": "application/xml" },
    );
    expectStatus(submitted, 202);
    const location = submitted.headers.get("location")!;
    await expect.poll(async () => (await acme.admin.get(location)).body.status, { timeout: 30_000 }).toBe("succeeded");
    await page.reload();
    await jobRow(submitted.body.id).waitFor();
    const text = await jobRow(submitted.body.id).textContent();
    expect(text).toContain("Succeeded");
    expect(text).toContain(`TMX import into ${acme.engineId}`);
    expect(text).toContain("1 read, 1 imported");
    await expectAccessible(page, "jobs page with an import job");
  });

  it("a member sees only their own keys' jobs; the page fits a phone", async () => {
    const member = await addMemberUser(acme, "member@example.test", acme.roles.member);
    const own = await createKey(member.client, acme.orgId, { name: "Laptop" });
    const mine = await submitJob(new ApiClient(server.url), own.secret, body(["de"]));
    const { page: memberPage } = await openPage(browser, { width: 375, height: 800 });
    await signIn(memberPage, server.url, "member@example.test", "member-password-1", `/orgs/${acme.orgId}/jobs`);
    await memberPage.locator(`tr[data-job-id="${mine.id}"]`).waitFor();
    expect(await memberPage.locator("tr[data-job-id]").count()).toBe(1);
    await memberPage.waitForLoadState("networkidle");
    expect(await elementsWiderThanViewport(memberPage)).toEqual([]);
    await expectAccessible(memberPage, "jobs page (member, phone)");
    await screenshot(memberPage, "jobs-phone");
  });
});
