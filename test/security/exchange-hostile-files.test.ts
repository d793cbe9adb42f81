import { createServer, type Server } from "node:http";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

/** A file on disk whose content must never come back, and a server that must never be asked. */
const secretFile = join(mkdtempSync(join(tmpdir(), "glossa-xxe-")), "secret.txt");
const SECRET = "SECRET-THAT-MUST-NOT-LEAK-7f3a";
writeFileSync(secretFile, SECRET);

const header = `<header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" o-tmf="x" creationtool="t" creationtoolversion="1"/>`;
const unit = (source: string, target = "cible") =>
  `<tu><tuv xml:lang="en"><seg>${source}</seg></tuv><tuv xml:lang="fr"><seg>${target}</seg></tuv></tu>`;
const tmx = (body: string, doctype = "") =>
  `<?xml version="1.0"?>\n${doctype}<tmx version="1.4">${header}<body>${body}</body></tmx>`;

const laughs = [`<!ENTITY lol "lol">`];
for (let level = 1; level <= 9; level++)
  laughs.push(`<!ENTITY lol${level} "${`&lol${level === 1 ? "" : level - 1};`.repeat(10)}">`);

describe.each(STORES)("hostile TMX and TBX files are refused on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let trap: Server;
  let trapUrl: string;
  let trapHits = 0;
  /** Synchronous imports (`?async=false`: a large TMX body would otherwise become a job). */
  const send = (
    kind: "translation-memory" | "glossary",
    body: string,
    query = kind === "glossary" ? "" : "?async=false",
  ) =>
    seed.admin.request("POST", `/api/orgs/${seed.orgId}/engines/${seed.engineId}/${kind}/import${query}`, body, {
      "content-type": "application/xml",
    });
  const expectRefused = async (kind: "translation-memory" | "glossary", body: string, message: RegExp) => {
    const response = await send(kind, body);
    expectStatus(response, 400);
    expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(response.body.code).toBe("invalid_request");
    expect(response.body.message).toMatch(message);
    expect(JSON.stringify(response.body)).not.toContain(SECRET);
    return response.body;
  };

  beforeAll(async () => {
    trap = createServer((_request, response) => {
      trapHits++;
      response.end(`<!ENTITY leak "${SECRET}">`);
    });
    await new Promise<void>((resolve) => trap.listen(0, "127.0.0.1", resolve));
    const address = trap.address();
    trapUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/x.dtd`;
    server = await startTestServer(store);
    seed = await seedOrganization(server.url);
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => trap.close(resolve));
  });

  it("billion laughs: a DOCTYPE declaring entities", async () => {
    const doctype = `<!DOCTYPE tmx [\n${laughs.join("\n")}\n]>\n`;
    await expectRefused("translation-memory", tmx(unit("&lol9;"), doctype), /DOCTYPE that declares entities/);
    await expectRefused(
      "glossary",
      `<?xml version="1.0"?><!DOCTYPE tbx [${laughs.join("")}]><tbx>&lol9;</tbx>`,
      /declares entities/,
    );
  });

  it("external entities (file:// and http://) and external DTDs: nothing is read from disk or network", async () => {
    for (const location of [`file://${secretFile}`, trapUrl]) {
      await expectRefused(
        "translation-memory",
        tmx(unit("&xxe;"), `<!DOCTYPE tmx [<!ENTITY xxe SYSTEM "${location}">]>`),
        /declares entities/,
      );
      await expectRefused(
        "translation-memory",
        tmx(unit("x"), `<!DOCTYPE tmx SYSTEM "${location}">`),
        /external location/,
      );
      await expectRefused(
        "glossary",
        `<?xml version="1.0"?><!DOCTYPE tbx [<!ENTITY % ext SYSTEM "${location}"> %ext;]><tbx/>`,
        /declares entities/,
      );
    }
    // An entity never declared is not looked up anywhere either.
    await expectRefused("translation-memory", tmx(unit("&undeclared;")), /undefined entity/);
    expect(trapHits).toBe(0);
  });

  it("a 10 MB single segment is refused with a reason; a long one under the limit is skipped and counted", async () => {
    const body = await expectRefused(
      "translation-memory",
      tmx(unit("a".repeat(10 * 1024 * 1024))),
      /longer than 1048576 characters/,
    );
    expect(body.errors[0].message).toMatch(/^line 2, column \d+/);
    // The same file as an import job: the job fails with the same refusal.
    const job = await send("translation-memory", tmx(unit("a".repeat(10 * 1024 * 1024))), "");
    expectStatus(job, 202);
    let snapshot = job.body;
    for (const deadline = Date.now() + 60_000; !["succeeded", "failed"].includes(snapshot.status);) {
      if (Date.now() > deadline) throw new Error(`the job did not finish: ${JSON.stringify(snapshot)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      snapshot = (await seed.admin.get(job.headers.get("location")!)).body;
    }
    expect(snapshot).toMatchObject({ status: "failed", error: { code: "invalid_request" }, result: { imported: 0 } });
    expect(snapshot.error.message).toMatch(/longer than 1048576 characters.*line 2, column \d+/);
    const report = await send("translation-memory", tmx(unit("b".repeat(200_000)) + unit("short")));
    expectStatus(report, 200);
    expect(report.body).toMatchObject({ read: 2, imported: 1, skipped: { segment_too_long: 1 } });
  });

  it("malformed nesting is refused with its line and column", async () => {
    const body = await expectRefused(
      "translation-memory",
      `<?xml version="1.0"?>\n<tmx version="1.4">\n${header}\n<body><tu><tuv xml:lang="en"><seg>x</tuv></seg></tu></body></tmx>`,
      /not well-formed.*line 4, column \d+/,
    );
    expect(body.errors[0].path).toBe("/");
    await expectRefused("glossary", `<tbx><text><body></text></body></tbx>`, /not well-formed/);
  });

  it("the wrong root, a huge attribute, deep nesting, no XML at all", async () => {
    await expectRefused(
      "translation-memory",
      `<?xml version="1.0"?><html><body/></html>`,
      /root element is <html>, not <tmx>/,
    );
    await expectRefused("glossary", `<?xml version="1.0"?><tmx version="1.4"/>`, /root element is <tmx>, not <tbx>/);
    await expectRefused(
      "translation-memory",
      tmx(`<tu x="${"y".repeat(2 * 1024 * 1024)}"></tu>`),
      /longer than 1048576 characters/,
    );
    await expectRefused("translation-memory", `<tmx>${"<a>".repeat(100)}${"</a>".repeat(100)}</tmx>`, /deeper than 64/);
    await expectRefused("translation-memory", `just text`, /holds no XML element|not well-formed/);
    await expectRefused("translation-memory", "", /holds no XML element/);
  });

  it("a refusal part-way says what was imported before it", async () => {
    const units = Array.from({ length: 1500 }, (_, index) => unit(`Sentence ${index}`)).join("");
    const body = await expectRefused("translation-memory", tmx(`${units}<tu><tuv></tu>`), /not well-formed/);
    expect(body.message).toMatch(/The 1000 entries read before the problem were imported/);
  });
});
