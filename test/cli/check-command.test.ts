import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonPairs, poPairs } from "../../src/cli/check/check-plan.js";
import { findingsTable } from "../../src/cli/check/findings-table.js";
import { readPoCatalogue } from "../../src/cli/check/po-catalogue.js";
import { checksOf, checksSummary } from "../../src/cli/localize/quality-summary.js";
import { createKey, seedOrganization } from "../support/seed.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const run = promisify(execFile);

async function glossaCheck(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "src/cli/main.ts", "check", ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const PO = `# Spanish translations
msgid ""
msgstr ""
"Language: es\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

#, c-format
msgid "cannot open %s: %s\\n"
msgstr "no se puede abrir %s\\n"

msgid "Enter the name:"
msgstr "Introduzca el nombre"

#, fuzzy
msgid "skipped because fuzzy"
msgstr "x"

msgctxt "menu"
msgid "Save"
msgstr "Guardar"

#, c-format
msgid "%d file"
msgid_plural "%d files"
msgstr[0] "%d fichero"
msgstr[1] "%d ficheros"

msgid "one form"
msgid_plural "%d forms"
msgstr[0] "una forma"

#, no-c-format
msgid "100% sure"
msgstr "seguro al 100 %"

#~ msgid "obsolete"
#~ msgstr "obsoleto"
`;

describe("glossa check: reading a PO catalogue (pure)", () => {
  it("reads entries, contexts, plural forms, flags and the header's Language and nplurals; skips obsolete ones", () => {
    const catalogue = readPoCatalogue(PO);
    expect(catalogue.language).toBe("es");
    expect(catalogue.pluralCount).toBe(2);
    expect(catalogue.entries.map((entry) => entry.source)).toEqual([
      "cannot open %s: %s\n",
      "Enter the name:",
      "skipped because fuzzy",
      "Save",
      "%d file",
      "one form",
      "100% sure",
    ]);
    expect(catalogue.entries[3]).toMatchObject({ context: "menu", translations: ["Guardar"], line: 19 });
    expect(catalogue.entries[4]).toMatchObject({
      sourcePlural: "%d files",
      translations: ["%d fichero", "%d ficheros"],
    });
    expect(catalogue.entries[0]).toMatchObject({ flags: ["c-format"], line: 8 });
  });

  it("pairs each plural form with its source, skips fuzzy entries, and names a wrong number of forms", () => {
    const pairs = poPairs("es.po", readPoCatalogue(PO));
    expect(pairs.map((pair) => [pair.where, pair.source, pair.translation])).toEqual([
      ["es.po:8", "cannot open %s: %s\n", "no se puede abrir %s\n"],
      ["es.po:12", "Enter the name:", "Introduzca el nombre"],
      ["es.po:19", "Save", "Guardar"],
      ["es.po:23 [0]", "%d file", "%d fichero"],
      ["es.po:23 [1]", "%d files", "%d ficheros"],
      ["es.po:29 [0]", "one form", "una forma"],
      ["es.po:33", "100% sure", "seguro al 100 %"],
    ]);
    expect(pairs[5]!.findings).toEqual([
      expect.objectContaining({
        check: "plural-forms",
        severity: "error",
        message: expect.stringContaining("1 plural form"),
      }),
    ]);
    expect(pairs[6]!.noPrintf).toBe(true);
  });

  it("pairs a JSON translation with its source by place, and names what the source lacks", () => {
    const ok = jsonPairs({ a: "Save", b: { c: ["Open"] } }, { b: { c: ["Abrir"] } });
    expect(ok).toEqual({
      ok: true,
      pairs: [{ path: ["b", "c", 0], source: "Open", translation: "Abrir", where: "b.c.0" }],
    });
    expect(jsonPairs({ a: "Save" }, { a: "Guardar", z: "Extra" })).toEqual({ ok: false, missing: ["/z"] });
  });

  it("prints one line per finding and a summary", () => {
    const table = findingsTable([{ where: "es.po:8", check: "printf", severity: "error", message: 'lost "%s".' }], 3);
    expect(table).toContain("es.po:8");
    expect(table).toContain("3 string(s) checked: 1 error(s), 0 warning(s).");
    expect(findingsTable([], 2)).toBe("2 string(s) checked: 0 error(s), 0 warning(s).\n");
  });
});

describe("glossa localize: the summary of the server's quality findings", () => {
  it("counts errors and warnings by check, and keeps only well-formed items", () => {
    const items = checksOf([
      { path: ["a"], check: "printf", severity: "error", message: "lost." },
      { path: ["b"], check: "newlines", severity: "warning", message: "ends." },
      { path: ["c"], check: "newlines", severity: "warning", message: "ends." },
      { path: "d", check: "x" },
    ]);
    expect(items).toHaveLength(3);
    expect(checksSummary("de", items)).toBe(
      "glossa localize: de: quality checks: 1 error(s), 2 warning(s) — printf 1, newlines 2 (glossa check lists them)\n",
    );
    expect(checksSummary("de", checksOf(undefined))).toBe("");
  });
});

describe("glossa check (the command)", () => {
  let dir: string;
  let server: TestServer;
  let key: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "glossa-check-"));
    await writeFile(join(dir, "es.po"), PO);
    await writeFile(join(dir, "en.json"), JSON.stringify({ greeting: "Hello {name}", title: "Settings:" }));
    await writeFile(join(dir, "de.json"), JSON.stringify({ greeting: "Hallo {name}", title: "Einstellungen:" }));
    await writeFile(join(dir, "fr.json"), JSON.stringify({ greeting: "Bonjour {nom}", title: "Réglages :" }));
    await writeFile(join(dir, "extra.json"), JSON.stringify({ nowhere: "Nirgends" }));
    server = await startTestServer("pglite");
    const seed = await seedOrganization(server.url, { name: "CLI check" });
    key = (await createKey(seed.admin, seed.orgId, { name: "cli-check" })).secret;
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("a PO catalogue with an error: the table, exit code 1, offline", async () => {
    const result = await glossaCheck([join(dir, "es.po")], { GLOSSA_URL: "http://127.0.0.1:9" });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/es\.po:8\s+error\s+printf/);
    expect(result.stdout).toMatch(/es\.po:12\s+warning\s+end-punctuation/);
    expect(result.stdout).toMatch(/es\.po:29 \[0\]\s+error\s+plural-forms/);
    // `no-c-format`: a percent sign that is no conversion.
    expect(result.stdout).not.toContain("es.po:33");
    expect(result.stdout).toContain("7 string(s) checked: 2 error(s), 1 warning(s).");
  });

  it("a JSON pair: exit code 0 when only warnings or nothing is found; 1 on an error", async () => {
    const clean = await glossaCheck(["--source", join(dir, "en.json"), join(dir, "de.json")]);
    expect([clean.code, clean.stdout]).toEqual([0, "2 string(s) checked: 0 error(s), 0 warning(s).\n"]);
    const broken = await glossaCheck(["--source", join(dir, "en.json"), join(dir, "fr.json")]);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/greeting\s+error\s+placeholders/);
  });

  it("through the server (POST /process/check): the same findings", async () => {
    const result = await glossaCheck(["--server", "--source", join(dir, "en.json"), join(dir, "fr.json")], {
      GLOSSA_URL: server.url,
      GLOSSA_API_KEY: key,
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/greeting\s+error\s+placeholders/);
    const po = await glossaCheck(["--server", join(dir, "es.po")], { GLOSSA_URL: server.url, GLOSSA_API_KEY: key });
    expect(po.code).toBe(1);
    expect(po.stdout).toContain("7 string(s) checked: 2 error(s), 1 warning(s).");
  });

  it("exit code 2 when it cannot run: no file, a key the source lacks, a bad key for the server", async () => {
    expect((await glossaCheck([])).code).toBe(2);
    // A catalogue that does not parse is refused with its line, as `glossa localize` refuses it.
    await writeFile(join(dir, "broken.po"), 'msgid "a"\nmsgid "b"\nmsgstr "c"\n');
    const broken = await glossaCheck([join(dir, "broken.po")]);
    expect(broken).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("line 2: a second msgid before a msgstr"),
    });
    expect((await glossaCheck([join(dir, "de.json")])).stderr).toContain("--source");
    const extra = await glossaCheck([
      "--source",
      join(dir, "en.json"),
      "--target-locale",
      "de",
      join(dir, "extra.json"),
    ]);
    expect([extra.code, extra.stderr]).toEqual([2, expect.stringContaining("/nowhere")]);
    const denied = await glossaCheck(["--server", join(dir, "es.po")], {
      GLOSSA_URL: server.url,
      GLOSSA_API_KEY: "gls_nope",
    });
    expect(denied.code).toBe(2);
  });
});
