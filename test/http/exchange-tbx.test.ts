import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMemberUser, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

const GLOSSARY = [
  { type: "custom_translation", term: "checkout", translation: "caisse", sourceLocale: "en", targetLocale: "fr" },
  {
    type: "custom_translation",
    term: "cart",
    translation: "Warenkorb",
    sourceLocale: "en",
    targetLocale: "de",
    caseSensitive: true,
  },
  { type: "non_translatable", term: "Glossa", sourceLocale: "en" },
  { type: "non_translatable", term: "ACME & Co <b>", caseSensitive: true },
  { type: "non_translatable", term: "iPhone", sourceLocale: "en", targetLocale: "ja" },
];

describe.each(STORES)("TBX import and export of a glossary on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  const path = (engine: string, rest: string) => `/api/orgs/${seed.orgId}/engines/${engine}/glossary/${rest}`;
  const importFile = (engine: string, body: string, query = "", client = seed.admin) =>
    client.request("POST", path(engine, `import${query}`), body, { "content-type": "application/xml" });
  const newEngine = async (glossary: unknown[] = []) => {
    const created = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name: `Glossary ${Math.random()}`,
      provider: "pseudo",
      config: { glossary },
    });
    expectStatus(created, 201);
    return created.body.id as string;
  };
  const glossaryOf = async (engine: string) =>
    (await seed.admin.get(`/api/orgs/${seed.orgId}/engines/${engine}`)).body.config.glossary;

  beforeAll(async () => {
    server = await startTestServer(store);
    seed = await seedOrganization(server.url);
  });
  afterAll(async () => server?.stop());

  it.each(["basic", "core"] as const)("exports TBX-%s that imports back to the same glossary", async (dialect) => {
    const engine = await newEngine(GLOSSARY);
    const exported = await seed.admin.get(path(engine, `export?dialect=${dialect}`));
    expectStatus(exported, 200);
    expect(exported.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.tbx"$/);
    // The dialect's root as TBX v3 (ISO 30042:2019) names it, in the DCA style.
    expect(exported.body as string).toContain(`<tbx type="TBX-${dialect === "basic" ? "Basic" : "Core"}" style="dca"`);
    expect(exported.body as string).toContain('xmlns="urn:iso:std:iso:30042:ed-2"');

    const copy = await newEngine();
    const report = await importFile(copy, exported.body as string);
    expectStatus(report, 200);
    expect(report.body).toMatchObject({ read: 5, imported: 5, glossarySize: 5, skipped: {} });
    const expected =
      dialect === "basic"
        ? GLOSSARY
        : // TBX-Core has no notes: the case rule is not carried.
          GLOSSARY.map(({ caseSensitive: _dropped, ...item }) => item);
    expect(await glossaryOf(copy)).toEqual(expected);
  });

  it("maps administrative status and 'do not translate' notes; merges or replaces", async () => {
    const engine = await newEngine([{ type: "non_translatable", term: "Kept" }]);
    const tbx = `<?xml version="1.0"?>
<tbx type="TBX-Basic" style="dca" xml:lang="en" xmlns="urn:iso:std:iso:30042:ed-2"><tbxHeader><fileDesc><sourceDesc><p>t</p></sourceDesc></fileDesc></tbxHeader><text><body>
<conceptEntry id="a"><descrip type="definition">A place to pay.</descrip>
  <langSec xml:lang="en"><termSec><term>checkout</term><termNote type="partOfSpeech">noun</termNote></termSec></langSec>
  <langSec xml:lang="fr"><termSec><term>check-out</term><termNote type="administrativeStatus">deprecatedTerm-admn-sts</termNote></termSec>
    <termSec><term>caisse</term><termNote type="administrativeStatus">preferredTerm-admn-sts</termNote></termSec></langSec>
</conceptEntry>
<conceptEntry id="b"><langSec xml:lang="en"><termSec><term>Glossa</term><note>Do not translate.</note></termSec></langSec></conceptEntry>
<conceptEntry id="c"><langSec xml:lang="en"><termSec><term>lonely</term></termSec></langSec></conceptEntry>
<conceptEntry id="d"><langSec xml:lang="en"><termSec><term>${"x".repeat(201)}</term></termSec></langSec><langSec xml:lang="fr"><termSec><term>y</term></termSec></langSec></conceptEntry>
</body></text></tbx>`;
    const report = await importFile(engine, tbx);
    expectStatus(report, 200);
    expect(report.body).toEqual({
      read: 4,
      imported: 2,
      glossarySize: 3,
      skipped: { no_translation: 1, term_too_long: 1 },
      ignored: { definition: 1, partOfSpeech: 1, forbiddenTerms: 1 },
    });
    expect(await glossaryOf(engine)).toEqual([
      { type: "non_translatable", term: "Kept" },
      { type: "custom_translation", term: "checkout", translation: "caisse", sourceLocale: "en", targetLocale: "fr" },
      { type: "non_translatable", term: "Glossa", sourceLocale: "en" },
    ]);
    expectStatus(await importFile(engine, tbx, "?mode=replace"), 200);
    expect((await glossaryOf(engine)).map((item: { term: string }) => item.term)).toEqual(["checkout", "Glossa"]);
  });

  it("import needs org:manage_team, export any member; both are audited", async () => {
    const engine = await newEngine(GLOSSARY);
    const member = await addMemberUser(seed, `tbx-member-${store}@example.test`, seed.roles.member);
    expectStatus(await member.client.get(path(engine, "export")), 200);
    expectStatus(await importFile(engine, "<tbx/>", "", member.client), 403);
    expectStatus(await seed.admin.get(path(engine, "export?dialect=full")), 400);
    const actions = (
      (await seed.admin.get(`/api/orgs/${seed.orgId}/audit?targetId=${engine}`)).body.events as { action: string }[]
    ).map((event) => event.action);
    expect(actions).toContain("glossary.exported");
    expectStatus(await importFile(engine, "<tbx/>"), 200);
    const after = (
      (await seed.admin.get(`/api/orgs/${seed.orgId}/audit?targetId=${engine}`)).body.events as { action: string }[]
    ).map((event) => event.action);
    expect(after).toContain("glossary.imported");
  });
});
