import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addMemberUser, createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { ADMIN, startTestServer, type TestServer } from "../support/test-server.js";
import { describeInBrowser, launchBrowser, openPage, signIn } from "./support/browser.js";

const MEMBER = "mia@example.test";
const TYPED = "typed-into-it";

/** Where the keyboard focus is, as a user of a screen reader would hear it. */
interface Focus {
  inDialog: boolean;
  onDialogItself: boolean;
  label: string;
  textField: boolean;
}

function whereFocusIs(page: Page): Promise<Focus> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const dialog = element?.closest('[role="dialog"]') ?? null;
    const input = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element : null;
    const label =
      (element as HTMLInputElement | null)?.labels?.[0]?.textContent ??
      element?.getAttribute("aria-label") ??
      element?.textContent ??
      "";
    return {
      inDialog: dialog !== null,
      onDialogItself: element?.getAttribute("role") === "dialog",
      label: label.trim(),
      textField: input !== null && !["checkbox", "radio"].includes(input.type),
    };
  });
}

/**
 * Holds the answers to requests matching `pattern` until `release()`: the page loads its data
 * after the dialog opened, as it does on a slow network.
 */
async function holdResponses(page: Page, pattern: string): Promise<() => Promise<void>> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held: Promise<void>[] = [];
  await page.route(pattern, (route) => {
    const answered = gate.then(() => route.continue());
    held.push(answered);
    return answered;
  });
  return async () => {
    release();
    await Promise.all(held);
    await page.unroute(pattern);
  };
}

interface DialogCase {
  /** The dialog's accessible name. */
  dialog: string;
  path: (seed: SeededOrg) => string;
  /** A response the dialog's content waits for, held until the dialog is open. */
  slowLoad?: string;
  open: (page: Page) => Promise<void>;
  /** The label of the field (or, with none, the action) that must have the focus. */
  first: string;
  close?: (page: Page) => Promise<void>;
}

const button = (name: string) => (page: Page) => page.getByRole("button", { name, exact: true }).click();

/** Every dialog of the dashboard, with what it is opened from. */
const DIALOGS: DialogCase[] = [
  {
    dialog: "Create an engine",
    path: (seed) => `/orgs/${seed.orgId}/engines`,
    slowLoad: "**/api/providers",
    open: button("Create engine"),
    first: "Name",
  },
  {
    dialog: "Edit engine “Pseudo”",
    path: (seed) => `/orgs/${seed.orgId}/engines`,
    open: button("Edit engine Pseudo"),
    first: "Name",
  },
  {
    dialog: "Delete engine",
    path: (seed) => `/orgs/${seed.orgId}/engines`,
    open: button("Delete engine Pseudo"),
    first: "Cancel",
  },
  {
    dialog: "Create a personal key",
    path: (seed) => `/orgs/${seed.orgId}/keys`,
    open: button("Create personal key"),
    first: "Name",
  },
  {
    dialog: "Create a service key",
    path: (seed) => `/orgs/${seed.orgId}/keys`,
    open: async (page) => {
      await page.getByRole("tab", { name: "Service" }).click();
      await button("Create service key")(page);
    },
    first: "Name",
  },
  {
    dialog: "Your new API key",
    path: (seed) => `/orgs/${seed.orgId}/keys`,
    open: async (page) => {
      await button("Create personal key")(page);
      await page.getByRole("dialog").getByLabel("Name").fill("Shown once");
      await page.keyboard.press("Enter");
    },
    first: "Copy",
    close: async (page) => {
      await page.keyboard.press("Escape");
      await button("Close, I don't need it")(page);
    },
  },
  {
    dialog: "Edit key “Build”",
    path: (seed) => `/orgs/${seed.orgId}/keys`,
    open: button("Edit key Build"),
    first: "Name",
  },
  {
    dialog: "Roll API key",
    path: (seed) => `/orgs/${seed.orgId}/keys`,
    open: button("Roll key Build"),
    first: "Stop the old key now",
  },
  {
    dialog: "Delete API key",
    path: (seed) => `/orgs/${seed.orgId}/keys`,
    open: button("Delete key Build"),
    first: "Cancel",
  },
  { dialog: "Create a role", path: (seed) => `/orgs/${seed.orgId}/team`, open: button("Create role"), first: "Name" },
  {
    dialog: "Edit role “Reviewer”",
    path: (seed) => `/orgs/${seed.orgId}/team`,
    open: button("Edit role Reviewer"),
    first: "Name",
  },
  {
    dialog: "Delete role",
    path: (seed) => `/orgs/${seed.orgId}/team`,
    open: button("Delete role Reviewer"),
    first: "Cancel",
  },
  {
    dialog: `Engine access of ${MEMBER}`,
    path: (seed) => `/orgs/${seed.orgId}/team`,
    open: button(`Engines of ${MEMBER}`),
    first: "Pseudo",
  },
  {
    dialog: "Remove member",
    path: (seed) => `/orgs/${seed.orgId}/team`,
    open: button(`Remove ${MEMBER}`),
    first: "Cancel",
  },
  {
    dialog: "Add a webhook endpoint",
    path: (seed) => `/orgs/${seed.orgId}/webhooks`,
    open: button("Add endpoint"),
    first: "Endpoint URL",
  },
  {
    dialog: "Delete webhook endpoint",
    path: (seed) => `/orgs/${seed.orgId}/webhooks`,
    open: (page) => page.getByRole("button", { name: "Delete" }).click(),
    first: "Cancel",
  },
  {
    dialog: "Delete Acme?",
    path: (seed) => `/orgs/${seed.orgId}/plan`,
    open: button("Delete organization…"),
    first: "Type Acme to confirm",
  },
  {
    dialog: "Sign out everywhere else?",
    path: () => "/account",
    open: button("Sign out everywhere else"),
    first: "Cancel",
  },
  { dialog: `Deactivate ${MEMBER}?`, path: () => "/admin", open: button(`Deactivate ${MEMBER}`), first: "Cancel" },
];

describeInBrowser("dashboard: every dialog starts on its first field, and typing goes there (issue 32 item 1)", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let acme: SeededOrg;

  beforeAll(async () => {
    server = await startTestServer("pglite", { webhookAllowPrivate: true });
    browser = await launchBrowser();
    acme = await seedOrganization(server.url, { name: "Acme" });
    await createKey(acme.admin, acme.orgId, { name: "Build", kind: "personal" });
    expectStatus(await acme.admin.post(`/api/orgs/${acme.orgId}/roles`, { name: "Reviewer", permissions: [] }), 201);
    await addMemberUser(acme, MEMBER, acme.roles.member);
    expectStatus(
      await acme.admin.post(`/api/orgs/${acme.orgId}/webhooks`, {
        url: "http://127.0.0.1:9/hook",
        events: ["key.created"],
      }),
      201,
    );
    ({ page } = await openPage(browser));
    await signIn(page, server.url, ADMIN.email, ADMIN.password, `/orgs/${acme.orgId}/keys`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(DIALOGS)("$dialog", async (dialogCase) => {
    const release = dialogCase.slowLoad ? await holdResponses(page, dialogCase.slowLoad) : null;
    await page.goto(server.url + dialogCase.path(acme));
    await page.getByRole("button", { name: "Sign out", exact: true }).waitFor();
    await dialogCase.open(page);
    const dialog = page.getByRole("dialog", { name: dialogCase.dialog });
    await dialog.waitFor();
    await release?.();

    await expect
      .poll(() => whereFocusIs(page))
      .toMatchObject({ inDialog: true, onDialogItself: false, label: dialogCase.first });
    const focus = await whereFocusIs(page);
    if (focus.textField) {
      const before = await page.evaluate(() => (document.activeElement as HTMLInputElement).value);
      await page.keyboard.type(TYPED);
      expect(await dialog.getByLabel(dialogCase.first, { exact: true }).inputValue()).toBe(before + TYPED);
    }

    if (dialogCase.close) await dialogCase.close(page);
    else await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });
});
