import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ApiClient } from "../support/api-client.js";
import { isFinished, pollJob, submitJob } from "../support/jobs.js";
import { addMemberUser, createKey, expectStatus, seedOrganization } from "../support/seed.js";
import { ADMIN, startTestServer, type TestServer } from "../support/test-server.js";
import { describeInBrowser, expectAccessible, launchBrowser, screenshot, signIn } from "./support/browser.js";

/**
 * Every dashboard page, in both colour schemes, at desktop and phone width, for an organization
 * with data and for an empty one: no sideways scrolling at desktop width (the document and every
 * card and table container, at 1280 and 1024 px), none of the document at phone width, no
 * control without a name, no serious axe-core violation, and a screenshot of each in
 * artifacts/screenshots/every-page/ for a reviewer. One server and one browser for the file; the
 * pages are visited in a loop.
 */
const ORG_PAGES = ["keys", "team", "engines", "webhooks", "jobs", "usage", "audit", "plan"] as const;
const VIEWS = [
  { theme: "light", width: 1280 },
  { theme: "dark", width: 1280 },
  { theme: "light", width: 390 },
  { theme: "dark", width: 390 },
] as const;

interface Visit {
  name: string;
  path: string;
  signedIn: boolean;
  /** Opens a dialog on the page, to check and photograph it too. */
  dialog?: (page: Page) => Promise<void>;
}

describeInBrowser("dashboard: every page, both themes, desktop and phone", () => {
  let server: TestServer;
  let browser: Browser;
  const visits: Visit[] = [];
  const started = Date.now();

  beforeAll(async () => {
    server = await startTestServer("pglite", { webhookAllowPrivate: true, jobPollMs: 100 });
    browser = await launchBrowser();

    // An organization with members, engines, keys of both kinds, a webhook, usage, audit and a job.
    const acme = await seedOrganization(server.url, { name: "Acme Localization", plan: "enterprise", rbac: true });
    const translator = await acme.admin.post(`/api/orgs/${acme.orgId}/roles`, {
      name: "Translator",
      permissions: ["engine:access"],
    });
    expectStatus(translator, 201);
    await addMemberUser(acme, "maria.fernandez-long-address@example.test", acme.roles.member);
    const second = await acme.admin.post(`/api/orgs/${acme.orgId}/engines`, {
      name: "Apertium English to Spanish",
      provider: "apertium",
      config: {},
    });
    expectStatus(second, 201);
    expectStatus(
      await acme.admin.post(`/api/orgs/${acme.orgId}/engines`, {
        name: "GPT",
        provider: "openai",
        config: {
          baseUrl: "https://api.openai.com/v1",
          models: [
            { sourceLocale: "*", targetLocale: "*", model: "gpt-4o-mini", rank: 0 },
            { sourceLocale: "en", targetLocale: "ja", model: "gpt-4o", rank: 0 },
            { sourceLocale: "en", targetLocale: "ja", model: "gpt-4o-mini", rank: 1 },
          ],
          glossary: [
            { term: "Glossa", type: "non_translatable" },
            { term: "API key", type: "custom_translation", translation: "API-Schlüssel", targetLocale: "de" },
          ],
        },
      }),
      201,
    );
    const personal = await createKey(acme.admin, acme.orgId, { name: "CI pipeline (production deploys)" });
    await createKey(acme.admin, acme.orgId, {
      name: "Mobile app release builds",
      kind: "service",
      roleId: translator.body.id,
      engineIds: [acme.engineId],
    });
    await createKey(acme.admin, acme.orgId, { name: "Docs site", kind: "service", roleId: null, engineIds: [] });
    expectStatus(
      await acme.admin.post(`/api/orgs/${acme.orgId}/webhooks`, {
        url: "http://127.0.0.1:9/glossa-events",
        events: ["key.created", "key.deleted"],
        description: "Audit sink",
      }),
      201,
    );
    const anonymous = new ApiClient(server.url);
    for (const text of ["Hello", "Good morning", "Save changes"])
      expect(
        (await anonymous.localize(personal.secret, { sourceLocale: "en", targetLocale: "de", data: { text } })).status,
      ).toBe(200);
    await server.deps.meter.usage.flush();
    const job = await submitJob(anonymous, personal.secret, {
      sourceLocale: "en",
      targetLocales: ["de", "fr"],
      data: { title: "Hello" },
    });
    await pollJob(anonymous, personal.secret, job.id, isFinished);
    const invitation = await acme.admin.post(`/api/orgs/${acme.orgId}/invitations`, {
      email: "new.translator@example.test",
      roleId: acme.roles.member,
    });
    expectStatus(invitation, 201);

    // A fresh organization with nothing in it (its seeded engine removed).
    const empty = await seedOrganization(server.url, { name: "Empty Co", plan: "enterprise", rbac: true });
    expectStatus(await empty.admin.delete(`/api/orgs/${empty.orgId}/engines/${empty.engineId}`), 204);

    const cliSession = await fetch(`${server.url}/cli-sessions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "User-Agent": "glossa-cli/1.0 (linux)" },
      body: JSON.stringify({ verifier: randomBytes(32).toString("base64url") }),
    });
    const cliSessionId = ((await cliSession.json()) as { id: string }).id;

    for (const [label, orgId] of [
      ["data", acme.orgId],
      ["empty", empty.orgId],
    ] as const)
      for (const page of ORG_PAGES)
        visits.push({ name: `${page}-${label}`, path: `/orgs/${orgId}/${page}`, signedIn: true });
    const openDialog = (button: string | RegExp, field: string) => async (page: Page) => {
      await page.getByRole("button", { name: button }).first().click();
      await page.getByRole("dialog").getByLabel(field).first().waitFor();
    };
    visits.push(
      {
        name: "keys-create-service-dialog",
        path: `/orgs/${acme.orgId}/keys`,
        signedIn: true,
        dialog: async (page) => {
          await page.getByRole("tab", { name: "Service" }).click();
          await openDialog("Create service key", "Name")(page);
        },
      },
      {
        name: "webhooks-add-dialog",
        path: `/orgs/${acme.orgId}/webhooks`,
        signedIn: true,
        dialog: async (page) => {
          await openDialog("Add endpoint", "Endpoint URL")(page);
          await page.getByLabel(/Send every event/).uncheck();
        },
      },
      {
        name: "webhooks-deliveries",
        path: `/orgs/${acme.orgId}/webhooks`,
        signedIn: true,
        dialog: async (page) => {
          await page.getByRole("button", { name: /^Deliveries to/ }).click();
          await page.getByRole("heading", { name: /^Deliveries to/ }).waitFor();
        },
      },
      {
        name: "engines-edit-dialog",
        path: `/orgs/${acme.orgId}/engines`,
        signedIn: true,
        dialog: async (page) => {
          await openDialog("Edit engine GPT", "Name")(page);
          await page.getByRole("dialog").getByRole("list", { name: "Models in order" }).scrollIntoViewIfNeeded();
        },
      },
      { name: "account", path: "/account", signedIn: true },
      { name: "admin", path: "/admin", signedIn: true },
      { name: "cli-login", path: `/cli-login/${cliSessionId}`, signedIn: true },
      { name: "not-found", path: "/no-such-page", signedIn: true },
      { name: "sign-in", path: "/", signedIn: false },
      { name: "invitation", path: new URL(invitation.body.url as string).pathname, signedIn: false },
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    process.stderr.write(`every-page: ${visits.length} pages × ${VIEWS.length} views in ${Date.now() - started} ms\n`);
  });

  for (const { theme, width } of VIEWS) {
    it(`every page fits, is labelled and accessible: ${theme}, ${width} px`, async () => {
      const signedIn = await browser.newContext({
        viewport: { width, height: 800 },
        colorScheme: theme,
        bypassCSP: true,
      });
      const signedOut = await browser.newContext({
        viewport: { width, height: 800 },
        colorScheme: theme,
        bypassCSP: true,
      });
      try {
        const page = await signedIn.newPage();
        const anonymousPage = await signedOut.newPage();
        const inFlight = new Map([
          [page, trackRequests(page)],
          [anonymousPage, trackRequests(anonymousPage)],
        ]);
        page.setDefaultTimeout(30_000);
        anonymousPage.setDefaultTimeout(30_000);
        await signIn(page, server.url, ADMIN.email, ADMIN.password);
        const problems: string[] = [];
        for (const visit of visits) {
          const tab = visit.signedIn ? page : anonymousPage;
          const where = `${visit.name} (${theme}, ${width} px)`;
          await open(tab, server.url, visit.path, inFlight.get(tab)!);
          await visit.dialog?.(tab);
          if (width >= 1024) problems.push(...(await sidewaysScrolling(tab)).map((problem) => `${where}: ${problem}`));
          else if (await documentScrollsSideways(tab)) problems.push(`${where}: the page scrolls sideways`);
          problems.push(...(await unlabeledControls(tab)).map((control) => `${where}: unlabeled ${control}`));
          await screenshot(tab, `every-page/${visit.name}-${theme}-${width}`);
          await expectAccessible(tab, where);
        }
        if (width >= 1024 && theme === "light") {
          // The narrowest desktop width: the same pages (layout does not depend on the theme) must still fit.
          await page.setViewportSize({ width: 1024, height: 800 });
          await anonymousPage.setViewportSize({ width: 1024, height: 800 });
          for (const visit of visits) {
            const tab = visit.signedIn ? page : anonymousPage;
            await open(tab, server.url, visit.path, inFlight.get(tab)!);
            await visit.dialog?.(tab);
            problems.push(
              ...(await sidewaysScrolling(tab)).map((problem) => `${visit.name} (${theme}, 1024 px): ${problem}`),
            );
          }
        }
        expect(problems).toEqual([]);
      } finally {
        await signedIn.close();
        await signedOut.close();
      }
    }, 240_000);
  }
});

/** Counts the page's API requests in flight, so a visit can wait until every loader has its answer. */
function trackRequests(page: Page): () => number {
  let inFlight = 0;
  const isApi = (url: string) => new URL(url).pathname.startsWith("/api/");
  page.on("request", (request) => {
    if (isApi(request.url())) inFlight += 1;
  });
  const done = (request: { url: () => string }) => {
    if (isApi(request.url())) inFlight -= 1;
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return () => inFlight;
}

/**
 * Opens `path`: client-side (the app's own History API routing) when the app is loaded already,
 * which spares reloading the bundle on every visit; then waits for the heading and for every API
 * answer, and for the page to stop changing.
 */
async function open(page: Page, baseUrl: string, path: string, inFlight: () => number): Promise<void> {
  // A page open on the same path (maybe with a dialog open) is loaded afresh.
  const loaded = await page
    .evaluate((next) => Boolean(document.querySelector("#root main")) && window.location.pathname !== next, path)
    .catch(() => false);
  if (loaded && !path.startsWith("/invitations/") && path !== "/") {
    await page.evaluate((next) => {
      window.history.pushState(null, "", next);
      window.dispatchEvent(new PopStateEvent("popstate"));
    }, path);
  } else {
    await page.goto(baseUrl + path);
  }
  await page.locator("h1").first().waitFor();
  for (let quiet = 0; quiet < 3;) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30))));
    const busy =
      inFlight() > 0 ||
      (await page.evaluate(
        () => Boolean(document.querySelector('[aria-busy="true"]')) || document.body.innerText.includes("Loading…"),
      ));
    quiet = busy ? 0 : quiet + 1;
  }
}

async function documentScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** The document, and every card and table container, must fit without sideways scrolling. */
async function sidewaysScrolling(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      found.push(`the page is ${root.scrollWidth}px wide in ${root.clientWidth}px`);
    for (const element of document.querySelectorAll<HTMLElement>(".table-wrap, .card, main, section, form")) {
      if (element.scrollWidth > element.clientWidth + 1)
        found.push(
          `${element.tagName.toLowerCase()}.${element.className} scrolls (${element.scrollWidth}px in ${element.clientWidth}px)`,
        );
    }
    return found;
  });
}

/** Visible form controls and buttons without an accessible name. */
async function unlabeledControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const named = (element: HTMLElement) => {
      if (element.getAttribute("aria-label")?.trim()) return true;
      const labelledBy = element.getAttribute("aria-labelledby");
      if (labelledBy && labelledBy.split(/\s+/).some((id) => document.getElementById(id)?.textContent?.trim()))
        return true;
      if ("labels" in element && (element as HTMLInputElement).labels?.length) {
        const labels = Array.from((element as HTMLInputElement).labels ?? []);
        if (labels.some((label) => label.textContent?.trim())) return true;
      }
      if (element.getAttribute("title")?.trim()) return true;
      return element.tagName === "BUTTON" || element.tagName === "A" ? Boolean(element.textContent?.trim()) : false;
    };
    return Array.from(
      document.querySelectorAll<HTMLElement>('input:not([type="hidden"]), select, textarea, button, a[href]'),
    )
      .filter((element) => element.getClientRects().length > 0 || element.classList.contains("visually-hidden"))
      .filter((element) => !named(element))
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}: ${element.outerHTML.slice(0, 120)}`,
      );
  });
}
