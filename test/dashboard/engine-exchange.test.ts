import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addMemberUser, seedOrganization, type SeededOrg } from "../support/seed.js";
import { ADMIN, startTestServer, type TestServer } from "../support/test-server.js";
import { describeInBrowser, expectAccessible, launchBrowser, openPage, signIn } from "./support/browser.js";

const TMX = `<?xml version="1.0"?><tmx version="1.4"><header srclang="en"/><body>
<tu><tuv xml:lang="en"><seg>Hello</seg></tuv><tuv xml:lang="fr"><seg>Bonjour</seg></tuv></tu>
<tu><tuv xml:lang="en"><seg>Alone</seg></tuv></tu></body></tmx>`;
const TBX = `<?xml version="1.0"?><tbx type="TBX-Core" style="dca" xmlns="urn:iso:std:iso:30042:ed-2"><text><body>
<conceptEntry id="c1"><langSec xml:lang="en"><termSec><term>cart</term></termSec></langSec><langSec xml:lang="fr"><termSec><term>panier</term></termSec></langSec></conceptEntry>
</body></text></tbx>`;

describeInBrowser("dashboard: TMX and TBX files on an engine card", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let org: SeededOrg;
  const card = () => page.locator(`li[data-engine-name="Pseudo"]`);

  beforeAll(async () => {
    server = await startTestServer("pglite");
    browser = await launchBrowser();
    org = await seedOrganization(server.url, { name: "Exchange" });
    ({ page } = await openPage(browser));
    await signIn(page, server.url, ADMIN.email, ADMIN.password, `/orgs/${org.orgId}/engines`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("imports a TMX and a TBX file, shows the reports, and offers the exports", async () => {
    await card().waitFor();
    await card().getByText("Translation memory and glossary files (TMX, TBX)").click();
    await expectAccessible(page, "engine card with the exchange section open");

    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      card().getByRole("button", { name: "Import TMX into the translation memory of Pseudo" }).click(),
    ]);
    await chooser.setFiles({ name: "memory.tmx", mimeType: "application/xml", buffer: Buffer.from(TMX) });
    await card().getByRole("status").getByText("Read 2 units, imported 1. Skipped: no target segment 1.").waitFor();

    await card().getByRole("button", { name: "Import TBX into the glossary of Pseudo" }).waitFor();
    await card()
      .locator('input[type="file"]')
      .nth(1)
      .setInputFiles({ name: "terms.tbx", mimeType: "application/xml", buffer: Buffer.from(TBX) });
    await card()
      .getByRole("status")
      .getByText(/Read 1 concepts, imported 1; the glossary now holds 1 items/)
      .waitFor();
    const engine = await org.admin.get(`/api/orgs/${org.orgId}/engines/${org.engineId}`);
    expect(engine.body.config.glossary).toEqual([
      { type: "custom_translation", term: "cart", translation: "panier", sourceLocale: "en", targetLocale: "fr" },
    ]);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      card().getByRole("link", { name: "Export TMX" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${org.engineId}-translation-memory.tmx`);
  });

  it("a TMX file over 5 MiB is imported as a job: the card shows its progress, then the report", async () => {
    const padding = "x".repeat(900);
    const units = Array.from(
      { length: 6000 },
      (_, i) =>
        `<tu><note>${padding}</note><tuv xml:lang="en"><seg>Line ${i}</seg></tuv><tuv xml:lang="de"><seg>Zeile ${i}</seg></tuv></tu>\n`,
    );
    const big = `<?xml version="1.0"?><tmx version="1.4"><header srclang="en"/><body>\n${units.join("")}</body></tmx>`;
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      card().getByRole("button", { name: "Import TMX into the translation memory of Pseudo" }).click(),
    ]);
    await chooser.setFiles({ name: "big.tmx", mimeType: "application/xml", buffer: Buffer.from(big) });
    await card()
      .getByRole("status")
      .getByText(/^big\.tmx: Importing: \d+ entries, \d+% of the file \([\d.]+ of 5\.\d MiB\)$/)
      .waitFor();
    await card()
      .getByRole("status")
      .getByText("Read 6000 units, imported 6000. Not kept: notes 6000.")
      .waitFor({ timeout: 60_000 });
  });

  it("a member sees only the glossary exports", async () => {
    await addMemberUser(org, "exchange-member@example.test", org.roles.member);
    const member = await openPage(browser);
    await signIn(
      member.page,
      server.url,
      "exchange-member@example.test",
      "member-password-1",
      `/orgs/${org.orgId}/engines`,
    );
    const memberCard = member.page.locator(`li[data-engine-name="Pseudo"]`);
    await memberCard.waitFor();
    await memberCard.getByText("Translation memory and glossary files (TMX, TBX)").click();
    await memberCard.getByRole("link", { name: "Export TBX-Basic" }).waitFor();
    expect(await memberCard.getByRole("button", { name: /Import/ }).count()).toBe(0);
    expect(await memberCard.getByRole("link", { name: "Export TMX" }).count()).toBe(0);
    await member.context.close();
  });
});
