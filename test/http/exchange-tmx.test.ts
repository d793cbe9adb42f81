import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMemberUser, createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

const FIXTURES = join(import.meta.dirname, "../fixtures/exchange");
const work = mkdtempSync(join(tmpdir(), "glossa-tmx-"));

/** A TMX file made by translate-toolkit's po2tmx from a real .po file (untranslated and fuzzy entries are left out by po2tmx). */
function po2tmx(): string {
  const out = join(work, "shop.tmx");
  execFileSync("po2tmx", ["-l", "fr", join(FIXTURES, "shop.fr.po"), out], { stdio: "ignore" });
  return readFileSync(out, "utf8");
}

/** The units of a TMX file as translate-toolkit's `translate.storage.tmx` reads them. */
function readWithTranslateToolkit(tmx: string): [string, string][][] {
  const file = join(work, `export-${Math.random()}.tmx`);
  writeFileSync(file, tmx);
  return JSON.parse(execFileSync("/usr/bin/python3", [join(FIXTURES, "read-tmx.py"), file], { encoding: "utf8" }));
}

const tmx = (units: string, header = `srclang="en"`) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header ${header} datatype="plaintext" segtype="sentence" adminlang="en" o-tmf="x" creationtool="t" creationtoolversion="1"/><body>${units}</body></tmx>`;

describe.each(STORES)("TMX import and export of a translation memory on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let engineId: string;
  let secret: string;
  const path = (engine: string, rest: string) => `/api/orgs/${seed.orgId}/engines/${engine}/translation-memory/${rest}`;
  const importFile = (body: string, engine = engineId, client = seed.admin) =>
    client.request("POST", path(engine, "import"), body, { "content-type": "application/xml" });
  /** An engine whose provider cannot be reached: a 200 answer came from the translation memory. */
  const newEngine = async (name: string) => {
    const created = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name,
      provider: "openai",
      config: { models: [{ model: "gpt-4o-mini" }], baseUrl: "http://127.0.0.1:9/v1" },
    });
    expectStatus(created, 201);
    return created.body.id as string;
  };

  beforeAll(async () => {
    server = await startTestServer(store);
    seed = await seedOrganization(server.url);
    engineId = await newEngine("Memory");
    secret = (await createKey(seed.admin, seed.orgId, { name: "tmx" })).secret;
  });
  afterAll(async () => server?.stop());

  it("imports a TMX made by po2tmx, and its segments answer /process/localize as memory hits", async () => {
    const report = await importFile(po2tmx());
    expectStatus(report, 200);
    expect(report.body).toEqual({
      read: 5,
      imported: 5,
      skipped: {},
      ignored: { properties: 0, notes: 0, variants: 0 },
    });
    const answer = await seed.admin.localize(secret, {
      engineId,
      sourceLocale: "en",
      targetLocale: "fr",
      data: { greeting: "Hello {name}, welcome back!", pay: "Click <b>Pay now</b> to finish & confirm." },
    });
    expectStatus(answer, 200);
    expect(answer.body.data).toEqual({
      greeting: "Bonjour {name}, bon retour !",
      pay: "Cliquez sur <b>Payer</b> pour terminer et confirmer.",
    });
    // Another locale pair is another scope: not a hit (and this provider cannot be reached).
    const other = await seed.admin.localize(secret, {
      engineId,
      sourceLocale: "en",
      targetLocale: "de",
      data: { greeting: "Hello {name}, welcome back!" },
    });
    expect(other.status).toBeGreaterThanOrEqual(400);
  });

  it("maps inline markup, multi-language units and locales; counts what it skips and ignores", async () => {
    const engine = await newEngine("Inline");
    const units =
      `<tu><prop type="x-domain">shop</prop><note>checked</note>` +
      `<tuv xml:lang="EN"><seg>Hi <ph x="1">{name}</ph>, <bpt i="1">&lt;b&gt;</bpt>welcome<ept i="1">&lt;/b&gt;</ept><it pos="begin">&lt;i&gt;</it> <hi>now</hi></seg></tuv>` +
      `<tuv xml:lang="fr_FR"><seg>Salut <ph>{name}</ph>, <bpt i="1">&lt;b&gt;</bpt>bienvenue<ept i="1">&lt;/b&gt;</ept><it pos="begin">&lt;i&gt;</it> <hi>maintenant</hi></seg></tuv>` +
      `<tuv xml:lang="de"><seg>Hallo <ph>{name}</ph>, <bpt i="1">&lt;b&gt;</bpt>willkommen<ept i="1">&lt;/b&gt;</ept><it pos="begin">&lt;i&gt;</it> <hi>jetzt</hi></seg></tuv>` +
      `<tuv xml:lang="es"><seg> </seg></tuv><tuv xml:lang="it"><seg>Ciao <ph x="1"/></seg></tuv></tu>` +
      `<tu><tuv xml:lang="fr"><seg>Seul</seg></tuv><tuv xml:lang="de"><seg>Allein</seg></tuv></tu>` +
      `<tu srclang="de"><tuv xml:lang="de"><seg><![CDATA[Daten & <mehr>]]></seg></tuv><tuv xml:lang="en"><seg>Data &amp; more</seg></tuv></tu>`;
    const report = await importFile(tmx(units), engine);
    expectStatus(report, 200);
    expect(report.body).toEqual({
      read: 3,
      imported: 3,
      skipped: { empty_segment: 1, inline_code_without_text: 1, no_source_segment: 1 },
      ignored: { properties: 1, notes: 1, variants: 0 },
    });
    const source = "Hi {name}, <b>welcome</b><i> now";
    for (const [targetLocale, text] of [
      ["fr-FR", "Salut {name}, <b>bienvenue</b><i> maintenant"],
      ["de", "Hallo {name}, <b>willkommen</b><i> jetzt"],
    ]) {
      const answer = await seed.admin.localize(secret, {
        engineId: engine,
        sourceLocale: "en",
        targetLocale,
        data: { text: source },
      });
      expectStatus(answer, 200);
      expect(answer.body.data.text).toBe(text);
    }

    // Export: translate-toolkit reads the same segments; placeholders and tags are inline markup.
    const exported = await seed.admin.get(path(engine, "export"));
    expectStatus(exported, 200);
    expect(exported.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.tmx"$/);
    const file = exported.body as string;
    expect(file).toContain('<ph x="1">{name}</ph>');
    expect(file).toContain(
      '<bpt i="1" x="2">&lt;b&gt;</bpt>welcome<ept i="1">&lt;/b&gt;</ept><it pos="begin" x="3">&lt;i&gt;</it>',
    );
    const units2 = readWithTranslateToolkit(file)
      .map((unit) => unit.map(([lang, text]) => `${lang}:${text}`).join(" | "))
      .sort();
    // One unit per source string: its targets in every locale the memory holds are <tuv>s of one <tu>.
    expect(units2).toEqual(
      [
        `de:Daten & <mehr> | en:Data & more`,
        `en:${source} | de:Hallo {name}, <b>willkommen</b><i> jetzt | fr-FR:Salut {name}, <b>bienvenue</b><i> maintenant`,
      ].sort(),
    );
    expect(file.match(/<tu /g)).toHaveLength(2);

    // Round trip: the exported file imported into another engine exports the same segments.
    const copy = await newEngine("Copy");
    expectStatus(await importFile(file, copy), 200);
    const again = await seed.admin.get(path(copy, "export"));
    expect(readWithTranslateToolkit(again.body as string).sort()).toEqual(readWithTranslateToolkit(file).sort());
  });

  it("exports one <tu> per source string with a <tuv> per target locale, also when its targets straddle two pages", async () => {
    const engine = await newEngine("Multi");
    // 400 strings × 3 targets = 1200 entries: the export reads pages of 1000, so one string's targets are split.
    const units = Array.from(
      { length: 400 },
      (_, i) =>
        `<tu><tuv xml:lang="en"><seg>Item ${i}</seg></tuv><tuv xml:lang="de"><seg>Ding ${i}</seg></tuv>` +
        `<tuv xml:lang="fr"><seg>Chose ${i}</seg></tuv><tuv xml:lang="ja"><seg>物 ${i}</seg></tuv></tu>`,
    ).join("");
    expect((await importFile(tmx(units), engine)).body).toMatchObject({ read: 400, imported: 1200 });
    const file = (await seed.admin.get(path(engine, "export"))).body as string;
    const read = readWithTranslateToolkit(file);
    expect(read).toHaveLength(400);
    for (const unit of read) {
      const i = /^Item (\d+)$/.exec(unit[0]![1])![1];
      expect(unit).toEqual([
        ["en", `Item ${i}`],
        ["de", `Ding ${i}`],
        ["fr", `Chose ${i}`],
        ["ja", `物 ${i}`],
      ]);
    }
    // Symmetric: importing the export gives the same 1200 entries back.
    const copy = await newEngine("Multi copy");
    expect((await importFile(file, copy)).body).toMatchObject({ read: 400, imported: 1200 });
  });

  it("a re-import that changes a translation is served at once, not a cached copy of the old one", async () => {
    const engine = await newEngine("Reimport");
    const call = () =>
      seed.admin.localize(secret, {
        engineId: engine,
        sourceLocale: "en",
        targetLocale: "fr",
        data: { t: "Good morning" },
      });
    const unitWith = (target: string) =>
      tmx(`<tu><tuv xml:lang="en"><seg>Good morning</seg></tuv><tuv xml:lang="fr"><seg>${target}</seg></tuv></tu>`);
    expectStatus(await importFile(unitWith("Bonjour"), engine), 200);
    expect((await call()).body.data.t).toBe("Bonjour");
    expect((await call()).body.data.t).toBe("Bonjour");
    expectStatus(await importFile(unitWith("Bien le bonjour"), engine), 200);
    expect((await call()).body.data.t).toBe("Bien le bonjour");
  });

  it("exports what po2tmx made so that translate-toolkit reads the same segments", async () => {
    const exported = await seed.admin.get(path(engineId, "export"));
    const pairs = (units: [string, string][][]) => units.map((unit) => JSON.stringify(unit)).sort();
    expect(pairs(readWithTranslateToolkit(exported.body as string))).toEqual(pairs(readWithTranslateToolkit(po2tmx())));
  });

  it("needs org:manage_team, and records imports and exports in the audit log", async () => {
    const member = await addMemberUser(seed, `tmx-member-${store}@example.test`, seed.roles.member);
    expectStatus(await importFile(tmx(""), engineId, member.client), 403);
    expectStatus(await member.client.get(path(engineId, "export")), 403);
    expectStatus(await importFile(tmx(""), "eng_doesnotexist"), 404);
    const events = (await seed.admin.get(`/api/orgs/${seed.orgId}/audit?targetId=${engineId}`)).body.events as {
      action: string;
    }[];
    expect(events.map((event) => event.action)).toEqual(
      expect.arrayContaining(["translation_memory.imported", "translation_memory.exported"]),
    );
  });

  it("refuses other media types", async () => {
    const response = await seed.admin.request("POST", path(engineId, "import"), "x", { "content-type": "text/plain" });
    expect(response.status).toBe(415);
  });
});
