import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { OrganizationId } from "../../src/contract/ids.js";
import type { QualityCheck } from "../../src/contract/process.js";
import type { CountedFinding } from "../../src/services/limits/usage-recorder.js";
import { createKey, seedOrganization, type SeededOrg } from "../support/seed.js";
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

describeInBrowser("dashboard: quality findings on the usage page and in the engine's Try panel", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let acme: SeededOrg;

  /** Text a check id or message could carry that must show as text, never as markup. */
  const MARKUP = '<img src=x onerror="document.title=1">';

  beforeAll(async () => {
    server = await startTestServer("pglite", { usageFlushMs: 60_000 });
    browser = await launchBrowser();
    acme = await seedOrganization(server.url, { name: "Acme" });
    const key = await createKey(acme.admin, acme.orgId, { name: "ci" });
    // What the localize service reports through its key call once the checks ran on an answer.
    const checkedCall = (targetLocale: string, strings: number, findings: CountedFinding[]) => {
      const call = server.deps.meter.begin({
        keyId: key.id,
        organizationId: acme.orgId as OrganizationId,
        engine: { id: acme.engineId },
        limits: null,
      });
      call.targetsEngine();
      call.checked({ targetLocale, strings, findings });
      call.finish(null);
    };
    const printf: CountedFinding = { check: "printf", severity: "error" };
    const colon: CountedFinding = { check: "end-punctuation", severity: "warning" };
    for (let i = 0; i < 4; i++) checkedCall("de", 100, [printf, colon, colon]);
    checkedCall("fr", 250, [{ check: MARKUP, severity: "warning" }]);
    await server.deps.meter.usage.flush();
    ({ page } = await openPage(browser));
    await signIn(page, server.url, ADMIN.email, ADMIN.password, `/orgs/${acme.orgId}/usage`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const qualityRow = (name: string) =>
    page
      .getByRole("region", { name: "Quality findings by engine and target locale" })
      .locator("tr", { has: page.locator("th", { hasText: name }) });

  it("shows findings per 1,000 strings by check, per engine and target locale, over the last 30 days", async () => {
    await page.getByRole("heading", { name: "Quality findings", level: 2 }).waitFor();
    expect(await page.getByLabel("Period", { exact: true }).inputValue()).toBe("30");
    const german = qualityRow("Pseudo → de");
    await german.waitFor();
    expect(await german.locator("td").allTextContents()).toEqual([
      "400",
      "4",
      "8",
      "30",
      "end-punctuation Warning 20 (8 findings)printf Error 10 (4 findings)",
    ]);
    const french = qualityRow("Pseudo → fr");
    expect(await french.locator("td").nth(3).textContent()).toBe("4");
    const markupCell = french.locator("td").nth(4);
    expect(await markupCell.locator("code").textContent()).toBe(MARKUP);
    expect(await markupCell.locator("img").count()).toBe(0);
    expect(await page.title()).not.toBe("1");
    await screenshot(page, "usage-quality-findings");
    await expectAccessible(page, "usage page with quality findings");
  });

  it("shows an empty state when the period has calls but no checked strings", async () => {
    const quiet = await seedOrganization(server.url, { name: "Quiet" });
    const key = await createKey(quiet.admin, quiet.orgId, { name: "whoami only" });
    // A call whose answer had no strings to check (e.g. /whoami): usage, but no quality counts.
    server.deps.meter
      .begin({ keyId: key.id, organizationId: quiet.orgId as OrganizationId, engine: null, limits: null })
      .finish(null);
    await server.deps.meter.usage.flush();
    await page.goto(`${server.url}/orgs/${quiet.orgId}/usage`);
    await page.getByTestId("usage-total-requests").waitFor();
    await expect.poll(() => page.getByTestId("usage-total-requests").textContent()).toBe("1");
    await page.getByText("No strings checked in this period.").waitFor();
    expect(await page.getByRole("region", { name: "Quality findings by engine and target locale" }).count()).toBe(0);
    await expectAccessible(page, "usage page without quality findings");
  });

  /** Answers of the Try panel pass through `edit` (a stand-in for what the checks return). */
  const tryAnswers = async (edit: (answer: Record<string, unknown>) => void) => {
    await page.unrouteAll();
    await page.route("**/api/orgs/*/engines/*/try", async (route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as Record<string, unknown>;
      edit(answer);
      await route.fulfill({ response, json: answer });
    });
  };

  it("the Try panel shows the answer's findings beside it: severity, check, string and message, errors first", async () => {
    const findings: QualityCheck[] = [
      {
        path: ["greeting"],
        check: "end-punctuation",
        severity: "warning",
        message: `The source ends with "!" and the translation does not. ${MARKUP}`,
      },
      { path: ["cta", "label"], check: "placeholders", severity: "error", message: "{name} is missing." },
    ];
    await tryAnswers((answer) => (answer.checks = findings));
    await page.goto(`${server.url}/orgs/${acme.orgId}/engines`);
    await page.getByRole("button", { name: "Localize" }).click();
    await page.getByTestId("try-output").waitFor();
    const table = page.getByRole("region", { name: "Quality findings in the answer" });
    const rows = table.locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).locator("td").allTextContents()).toEqual([
      "Error",
      "placeholders",
      "cta.label",
      "{name} is missing.",
    ]);
    expect(await rows.nth(1).locator("td").allTextContents()).toEqual([
      "Warning",
      "end-punctuation",
      "greeting",
      `The source ends with "!" and the translation does not. ${MARKUP}`,
    ]);
    expect(await table.locator("img").count()).toBe(0);
    // Beside the answer on a wide screen: the findings start level with the translated content.
    const answerBox = (await page.getByTestId("try-output").boundingBox())!;
    const findingsBox = (await table.boundingBox())!;
    expect(findingsBox.x).toBeGreaterThan(answerBox.x + answerBox.width);
    await screenshot(page, "try-panel-quality-findings");
    await expectAccessible(page, "try panel with quality findings");

    await page.setViewportSize({ width: 390, height: 844 });
    try {
      expect(await elementsWiderThanViewport(page)).toEqual([]);
      await expectAccessible(page, "try panel with quality findings on a phone");
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it("says when the checks found nothing (the answer has no checks)", async () => {
    await tryAnswers((answer) => delete answer.checks);
    await page.getByRole("button", { name: "Localize" }).click();
    await page.getByTestId("try-no-findings").waitFor();
    expect(await page.getByRole("region", { name: "Quality findings in the answer" }).count()).toBe(0);
    await page.unrouteAll();
  });
});
