import { existsSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { describe, expect } from "vitest";

export const CHROMIUM_PATH = "/usr/bin/chromium";
const SCREENSHOT_DIR = join(process.cwd(), "artifacts", "screenshots");
const require = createRequire(import.meta.url);

/**
 * `describe` for browser suites: without Debian's Chromium they fail loudly under CI and are
 * skipped loudly elsewhere (`apt-get install -y chromium` to run them).
 */
export function describeInBrowser(name: string, body: () => void): void {
  if (existsSync(CHROMIUM_PATH)) {
    describe(name, body);
    return;
  }
  const message = `${CHROMIUM_PATH} is missing: the dashboard browser suite "${name}" cannot run (apt-get install -y chromium).`;
  if (process.env.CI === "true") {
    describe(name, () => {
      throw new Error(message);
    });
    return;
  }
  process.stderr.write(`\n*** SKIPPED: ${message} ***\n\n`);
  describe.skip(name, body);
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-quic",
      "--no-first-run",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * A page in a fresh context (own cookies and storage). CSP is bypassed so axe-core can be
 * injected; `csp-in-browser` checks the app itself runs under the real policy.
 */
export async function openPage(
  browser: Browser,
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, bypassCSP: true });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return { context, page };
}

/** Saves a full-page screenshot under artifacts/screenshots/ (CI keeps artifacts/). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** Runs axe-core on the page and fails on serious or critical violations. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const injected = await page.evaluate(() => "axe" in window);
  if (!injected) await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: unknown) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target })),
    }));
  });
  const severe = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(
    severe.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
    ),
    label,
  ).toEqual([]);
}

/**
 * Signs in through the login page and waits for the app's navigation. "Sign out" is matched
 * exactly: the account page also has "Sign out <a session>" and "Sign out everywhere else".
 */
export async function signIn(page: Page, baseUrl: string, email: string, password: string, path = "/"): Promise<void> {
  await page.goto(baseUrl + path);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Sign out", exact: true }).waitFor();
}

/** The page's text, its whole DOM and both storages: where a secret must not linger. */
export async function everythingThePageHolds(page: Page): Promise<string> {
  return page.evaluate(() => {
    const storage = (store: Storage) =>
      Array.from(
        { length: store.length },
        (_, index) => `${store.key(index)}=${store.getItem(store.key(index) ?? "")}`,
      ).join("\n");
    return [
      document.body.innerText,
      document.documentElement.outerHTML,
      storage(window.localStorage),
      storage(window.sessionStorage),
      window.location.href,
      document.cookie,
    ].join("\n");
  });
}

/**
 * Elements that stick out past the viewport's right edge (horizontal scrolling at phone
 * width); empty when the page fits. Content inside scrollable regions does not count.
 */
export async function elementsWiderThanViewport(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.scrollWidth;
    if (width <= window.innerWidth + 1) return [];
    const culprits = Array.from(document.querySelectorAll<HTMLElement>("body *"))
      .filter(
        (element) =>
          element.getBoundingClientRect().right > window.innerWidth + 1 &&
          !element.parentElement?.closest(".table-wrap, pre"),
      )
      .slice(0, 10)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} right=${Math.round(element.getBoundingClientRect().right)}`,
      );
    return [`document is ${width}px wide`, ...culprits];
  });
}

/** What has the keyboard focus: its accessible label, or its text. */
export function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return "";
    const labelled = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
    return (labelled ?? element.getAttribute("aria-label") ?? element.textContent ?? "").trim();
  });
}

/** Presses Tab until the focus is on `name` (at most `maxPresses` times), as a keyboard user would. */
export async function tabTo(page: Page, name: string, maxPresses = 60): Promise<void> {
  for (let presses = 0; presses < maxPresses; presses += 1) {
    if ((await focused(page)) === name) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached "${name}"`);
}
