import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepEdgeWhitespace } from "../../src/core/content/edge-whitespace.js";
import { icuUnits } from "../../src/core/content/icu-units.js";
import { postEdit } from "../../src/core/content/post-edit.js";
import { splitProtected } from "../../src/core/content/protected-segments.js";
import { apertiumHtmlOneShot } from "../support/apertium-one-shot.js";
import { createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

/**
 * Issue: Apertium capitalises the first word of whatever it receives, so a sentence sent in pieces
 * comes back as `en {minutes} Minutos`. Glossa must send each string whole, so that the output
 * of a string with placeholders is Apertium's own translation of the same sentence with the
 * placeholders in place. The expected outputs are not written down: they are computed here by
 * running Apertium's eng-spa pipeline once per sentence, with each placeholder and tag carried as
 * an empty HTML element of this test's own (not Glossa's markers) through Apertium's HTML format
 * (its deshtml/rehtml, as Glossa runs it, whether or not Transfuse is installed),
 * while Glossa translates all the strings of one request in a single batch. ICU plural and
 * select messages are translated branch by branch, so each branch is one sentence. Glossa
 * post-edits every provider's answer (the source's spacing and lower-case start), so the
 * reference is post-edited the same way.
 */
const UI_STRINGS: Record<string, string> = {
  minutes: "in {minutes} minutes",
  assigned: "{assignee} assigned",
  today: "<b>Today</b>",
  heading: "# Tasks",
  welcomeBack: "Hello {name}, welcome back",
  newMessages: "You have {count} new messages",
  lastUpdated: "Last updated {date}",
  commented: "{user} commented on your post",
  deleteItem: "Delete {item}?",
  learnMore: 'Click <a href="/help">here</a> to learn more',
  signedIn: "Signed in as <strong>{email}</strong>",
  filesSelected: "{count, plural, one {# file selected} other {# files selected}}",
  welcomeTo: "Welcome to {appName}!",
  passwordLength: "Your password must be at least {min} characters long.",
  sentAgo: "Sent %s ago",
  shipped: "Hi {{name}}, your order has shipped",
  percent: "{percent}% complete",
  showing: "Showing {from} to {to} of {total} results",
  noResults: "No results found for <em>{query}</em>",
  pressEnter: "Press <kbd>Enter</kbd> to send",
  uploadFailed: "Upload failed: {error}",
  due: "Due {date}",
  joined: "{name} joined the project",
  emailSent: "We sent an email to {email}.",
  lines: "Line one<br>line two",
  comments: "{count, plural, =0 {No comments} one {One comment} other {# comments}}",
  unread: "You have {count, plural, one {one unread message} other {# unread messages}} from {sender}",
  invited: "{gender, select, female {She invited you} male {He invited you} other {They invited you}}",
  terms: "Terms & conditions",
  saveChanges: "Save changes",
  confirmDelete: "Are you sure you want to delete this project?",
  invite: "Invite people to your team",
  resetPassword: "Reset your password",
  openSettings: "Open the settings",
};

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const unescapeHtml = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** Apertium's eng-spa HTML pipeline on one sentence alone, each protected token carried as an empty element; post-edited. */
async function apertiumSentence(sentence: string): Promise<string> {
  const kept: string[] = [];
  const html = splitProtected(sentence)
    .map((segment) =>
      segment.kind === "text" ? escapeHtml(segment.value) : `<span data-kept="${kept.push(segment.value) - 1}"></span>`,
    )
    .join("");
  const parts = (await apertiumHtmlOneShot("eng-spa", html)).split(/<span data-kept="(\d+)"><\/span>/);
  const restored = parts.map((part, i) => (i % 2 === 1 ? kept[Number(part)]! : unescapeHtml(part))).join("");
  return postEdit(sentence, keepEdgeWhitespace(sentence, restored), "es");
}

/**
 * What Apertium makes of each string as a whole sentence (ICU: of each Spanish plural form, with a
 * number of its category in place of `#`), computed now.
 */
async function apertiumReference(strings: string[]): Promise<string[]> {
  const plan = icuUnits(strings, { sourceLocale: "en", targetLocale: "es", numbers: "numbered" });
  const outputs: string[] = [];
  // Four sentences at a time: each is a pipeline of about fifteen processes.
  for (let start = 0; start < plan.units.length; start += 4) {
    outputs.push(...(await Promise.all(plan.units.slice(start, start + 4).map(apertiumSentence))));
  }
  return plan.rebuild(outputs);
}

const keys = Object.keys(UI_STRINGS);
let reference: Record<string, string>;

beforeAll(async () => {
  const outputs = await apertiumReference(keys.map((key) => UI_STRINGS[key]!));
  reference = Object.fromEntries(keys.map((key, index) => [key, outputs[index]!]));
});

describe.each(STORES)("Apertium translates whole sentences, placeholders in place, on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let secret: string;
  let engineId: string;

  beforeAll(async () => {
    server = await startTestServer(store);
    seed = await seedOrganization(server.url);
    secret = (await createKey(seed.admin, seed.orgId, { name: "apertium-sentences" })).secret;
    const engine = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, { name: "Apertium", provider: "apertium" });
    expectStatus(engine, 201);
    engineId = engine.body.id;
  });
  afterAll(async () => server?.stop());

  it(`${keys.length} UI strings in one request equal Apertium's translation of each sentence on its own`, async () => {
    expect(keys.length).toBeGreaterThanOrEqual(30);
    const response = await seed.admin.localize(secret, {
      engineId,
      sourceLocale: "en",
      targetLocale: "es",
      data: UI_STRINGS,
    });
    expectStatus(response, 200);
    expect(response.body.data).toEqual(reference);
    // The reference is Apertium's work, not a copy of the source.
    const translated = keys.filter((key) => reference[key] !== UI_STRINGS[key]);
    expect(translated).toEqual(keys);
  });
});
