import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { escapeIcuLiteral } from "../../src/core/gettext/plural-message.js";
import { createKey, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { runGlossa } from "../support/run-cli.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

const run = promisify(execFile);
const glossa = (args: string[], env: Record<string, string>) => runGlossa(args, env, { inherit: false });

/** `msgfmt -c --check-format`: its complaints, empty when the file is accepted. */
async function msgfmt(file: string): Promise<string> {
  try {
    await run("msgfmt", ["-c", "--check-format", "-o", "/dev/null", file]);
    return "";
  } catch (error) {
    return (error as { stderr: string }).stderr || String(error);
  }
}

function printed(elements: readonly MessageFormatElement[]): string {
  return elements
    .map((element) => {
      if (element.type === TYPE.literal) return escapeIcuLiteral(element.value);
      if (element.type === TYPE.pound) return "#";
      throw new Error("the stand-in prints literal text and # only");
    })
    .join("");
}

interface Call {
  path: string;
  body: {
    targetLocale?: string;
    targetLocales?: string[];
    data: Record<string, string>;
    hints?: Record<string, string[]>;
  };
}

/**
 * A Glossa server under the contract (docs/cli.md#plural-entries): plain strings come back as
 * `<target>:<text>`; a plural message comes back with exactly the TARGET's CLDR categories, each
 * branch `<CATEGORY> <source's other branch>`. Also a job route that does the same.
 */
async function startStandIn(): Promise<{ url: string; calls: Call[]; close(): Promise<void> }> {
  const calls: Call[] = [];
  const jobs = new Map<string, unknown>();
  const answer = (target: string, text: string) => {
    if (!text.includes(", plural,")) return `${target}:${text}`;
    const [choice] = parse(text, { ignoreTag: true });
    if (choice?.type !== TYPE.plural) throw new Error("not a plural");
    const categories = new Intl.PluralRules(target).resolvedOptions().pluralCategories;
    const other = printed(choice.options.other!.value);
    return `{${choice.value}, plural, ${categories.map((c) => `${c} {${c.toUpperCase()} ${other}}`).join(" ")}}`;
  };
  const translate = (target: string, data: Record<string, string>) =>
    Object.fromEntries(Object.entries(data).map(([key, text]) => [key, answer(target, text)]));
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.url === "/whoami")
        return send(200, { organizationId: "org", kind: "service", engines: [{ id: "e", name: "e" }] });
      if (req.method === "GET" && req.url?.startsWith("/jobs/")) return send(200, jobs.get(req.url.slice(6)));
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Call["body"];
      calls.push({ path: req.url!, body });
      if (req.url === "/process/localize") return send(200, { data: translate(body.targetLocale!, body.data) });
      if (req.url === "/jobs/localize") {
        const id = `job_${jobs.size + 1}`;
        const result = Object.fromEntries(body.targetLocales!.map((t) => [t, translate(t, body.data)]));
        jobs.set(id, { id, status: "succeeded", progress: { done: 1, total: 1 }, result });
        return send(202, { id, status: "queued", progress: { done: 0, total: 1 } });
      }
      send(404, { code: "not_found", message: "no such route" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const POT = `# Demo's strings.
# This file is distributed under the same license as the demo package.
#
#, fuzzy
msgid ""
msgstr ""
"Project-Id-Version: demo 1.0\\n"
"POT-Creation-Date: 2026-01-01 00:00+0000\\n"
"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\\n"
"Last-Translator: FULL NAME <EMAIL@ADDRESS>\\n"
"Language-Team: LANGUAGE <LL@li.org>\\n"
"Language: \\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=CHARSET\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"

#. TRANSLATORS: a button that opens a file
#: src/main.c:10
#, c-format
msgctxt "verb"
msgid "Open %s"
msgstr ""

#: src/main.c:20
#, c-format
msgctxt "adjective"
msgid "Open %s"
msgstr ""

#: src/files.c:30 src/files.c:31
#: src/files.c:32
#, c-format
msgid "%d file removed"
msgid_plural "%d files removed"
msgstr[0] ""
msgstr[1] ""

#: src/files.c:40
#, no-c-format
msgid "100% done"
msgstr ""

#: src/help.c:50
msgid ""
"Usage: demo [OPTION]... FILE\\n"
"Removes FILE.\\n"
msgstr ""

#~ msgid "Gone"
#~ msgstr ""
`;

/** The lines of `text` that are not msgstr lines nor the header: what must come back byte for byte. */
const untouchedLines = (text: string) =>
  text
    .split("\n\n")
    .slice(1)
    .map((entry) => entry.split("\n").filter((line) => !/^(msgstr|")/.test(line) || line.startsWith("#")))
    .join("\n");

describe("glossa localize with gettext catalogues (a stand-in server under the contract)", () => {
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  let env: Record<string, string>;
  let dir: string;

  beforeAll(async () => {
    standIn = await startStandIn();
    env = { GLOSSA_URL: standIn.url, GLOSSA_API_KEY: "gls_test" };
    dir = await mkdtemp(join(tmpdir(), "glossa-po-"));
  });
  afterAll(async () => {
    await standIn?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("writes po/pl.po from po/messages.pot: header, msgctxt, three plural forms, comments kept, msgfmt -c clean", async () => {
    const po = join(dir, "first", "po");
    await mkdir(po, { recursive: true });
    await writeFile(join(po, "messages.pot"), POT);
    standIn.calls.length = 0;
    const result = await glossa(["localize", "-t", "pl", join(po, "messages.pot")], env);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toContain(`pl: 5 translated, 0 unchanged → ${join(po, "pl.po")}`);
    const pl = await readFile(join(po, "pl.po"), "utf8");

    expect(pl).toContain('"Language: pl\\n"');
    expect(pl).toContain(
      '"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"',
    );
    expect(pl).toContain('"Content-Type: text/plain; charset=UTF-8\\n"');
    expect(pl.split('msgid ""')[0]).not.toContain("#, fuzzy");
    expect(pl).toContain('msgctxt "verb"\nmsgid "Open %s"\nmsgstr "pl:Open %s"');
    expect(pl).toContain('msgctxt "adjective"\nmsgid "Open %s"\nmsgstr "pl:Open %s"');
    expect(pl).toContain(
      'msgstr[0] "ONE %d files removed"\nmsgstr[1] "FEW %d files removed"\nmsgstr[2] "MANY %d files removed"\n',
    );
    expect(pl).toContain('msgstr ""\n"pl:Usage: demo [OPTION]... FILE\\n"\n"Removes FILE.\\n"\n');
    expect(pl).toContain('#~ msgid "Gone"\n#~ msgstr ""\n');
    expect(untouchedLines(pl)).toBe(untouchedLines(POT));
    expect(await msgfmt(join(po, "pl.po"))).toBe("");

    // the two msgctxt entries went as two strings, with their context as hints
    const [call] = standIn.calls;
    const sent = Object.values(call!.body.data);
    expect(sent).toEqual([
      "Open %s",
      "Open %s",
      "{n, plural, one {# file removed} other {# files removed}}",
      "100% done",
      "Usage: demo [OPTION]... FILE\nRemoves FILE.\n",
    ]);
    expect(Object.values(call!.body.hints!)).toEqual([
      ["msgctxt: verb", "TRANSLATORS: a button that opens a file"],
      ["msgctxt: adjective"],
      ["Not a printf format: a % sign here is literal text, not a placeholder."],
    ]);
    const lock = JSON.parse(await readFile(join(po, "glossa.lock.json"), "utf8"));
    expect(Object.keys(lock.files["messages.pot"].pl)).toEqual([
      "verb\u0004Open %s",
      "adjective\u0004Open %s",
      "%d file removed",
      "100% done",
      "Usage: demo [OPTION]... FILE\nRemoves FILE.\n",
    ]);

    // nothing is sent again, and the file stays as it is
    standIn.calls.length = 0;
    const again = await glossa(["localize", "-t", "pl", join(po, "messages.pot")], env);
    expect(again.stdout).toContain("pl: 0 translated, 5 unchanged");
    expect(standIn.calls).toEqual([]);
    expect(await readFile(join(po, "pl.po"), "utf8")).toBe(pl);
  });

  it.each([
    ["ja", undefined, 1],
    ["es", undefined, 2],
    ["pl", undefined, 3],
    ["sl", undefined, 4],
    ["ga", "nplurals=5; plural=n==1 ? 0 : n==2 ? 1 : (n>2 && n<7) ? 2 :(n>6 && n<11) ? 3 : 4;", 5],
    ["ar", "nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;", 6],
  ])("%s gets its nplurals forms, each from its CLDR category", async (target, pluralForms, nplurals) => {
    const po = join(dir, `forms-${target}`);
    await mkdir(po, { recursive: true });
    await writeFile(join(po, "messages.pot"), POT);
    if (pluralForms)
      // an existing target file whose header has the Plural-Forms gettext's table lacks
      await writeFile(
        join(po, `${target}.po`),
        POT.replace("#, fuzzy\n", "")
          .replace("nplurals=INTEGER; plural=EXPRESSION;", pluralForms)
          .replace("Language: ", `Language: ${target}`)
          .replace("CHARSET", "UTF-8"),
      );
    const result = await glossa(["localize", "-t", target, join(po, "messages.pot")], env);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    const text = await readFile(join(po, `${target}.po`), "utf8");
    const forms = [...text.matchAll(/^msgstr\[(\d)\] "(.*)"$/gm)].map((m) => m[2]);
    const categories = new Intl.PluralRules(target)
      .resolvedOptions()
      .pluralCategories.filter((c) => c !== "other" || nplurals !== 3 || target !== "pl");
    expect(forms).toHaveLength(nplurals);
    expect(new Set(forms).size).toBe(nplurals === 3 && target === "pl" ? 3 : Math.min(nplurals, categories.length));
    expect(await msgfmt(join(po, `${target}.po`))).toBe("");
    if (pluralForms) expect(text).toContain(pluralForms);
  });

  it("keeps translations, re-sends fuzzy ones with --fuzzy, marks with --mark-fuzzy, replaces all with --force, adds entries new in the source", async () => {
    const po = join(dir, "flags");
    await mkdir(po, { recursive: true });
    const pot = join(po, "messages.pot");
    await writeFile(pot, POT);
    await glossa(["localize", "-t", "de", pot], env);
    const de = join(po, "de.po");
    const human = (await readFile(de, "utf8"))
      .replace('msgstr "de:100% done"', 'msgstr "100 % fertig"')
      .replace(
        '#, c-format\nmsgctxt "adjective"\nmsgid "Open %s"\nmsgstr "de:Open %s"',
        '#, fuzzy, c-format\nmsgctxt "adjective"\nmsgid "Open %s"\nmsgstr "Offen %s"',
      );
    await writeFile(de, human);
    await writeFile(pot, `${POT}\n#: src/new.c:1\nmsgid "New"\nmsgstr ""\n`);

    standIn.calls.length = 0;
    const plain = await glossa(["localize", "-t", "de", pot], env);
    expect(plain.stdout).toContain("de: 1 translated, 5 unchanged");
    expect(Object.values(standIn.calls[0]!.body.data)).toEqual(["New"]);
    const afterPlain = await readFile(de, "utf8");
    expect(afterPlain).toBe(`${human}\n#: src/new.c:1\nmsgid "New"\nmsgstr "de:New"\n`);

    standIn.calls.length = 0;
    const fuzzy = await glossa(["localize", "-t", "de", "--fuzzy", "--mark-fuzzy", pot], env);
    expect(fuzzy.stdout).toContain("de: 1 translated, 5 unchanged");
    expect(Object.values(standIn.calls[0]!.body.data)).toEqual(["Open %s"]);
    const afterFuzzy = await readFile(de, "utf8");
    expect(afterFuzzy).toContain('#, fuzzy, c-format\nmsgctxt "adjective"\nmsgid "Open %s"\nmsgstr "de:Open %s"');
    expect(afterFuzzy).toContain('msgstr "100 % fertig"');

    const fuzzyAgain = await glossa(["localize", "-t", "de", "--fuzzy", pot], env);
    expect(fuzzyAgain.stdout).toContain("de: 1 translated, 5 unchanged");
    expect(await readFile(de, "utf8")).toContain(
      '#, c-format\nmsgctxt "adjective"\nmsgid "Open %s"\nmsgstr "de:Open %s"',
    );

    const forced = await glossa(["localize", "-t", "de", "--force", pot], env);
    expect(forced.stdout).toContain("de: 6 translated, 0 unchanged");
    expect(await readFile(de, "utf8")).toContain('msgstr "de:100% done"');
    expect(await msgfmt(de)).toBe("");
  });

  it("a source-language PO's own Plural-Forms is not the target's", async () => {
    const po = join(dir, "from-en");
    await mkdir(po, { recursive: true });
    const en = POT.replace("#, fuzzy\n", "")
      .replace("nplurals=INTEGER; plural=EXPRESSION;", "nplurals=2; plural=(n != 1);")
      .replace("Language: ", "Language: en")
      .replace("CHARSET", "UTF-8");
    await writeFile(join(po, "en.po"), en);
    const result = await glossa(["localize", "-t", "uk", join(po, "en.po")], env);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    const uk = await readFile(join(po, "uk.po"), "utf8");
    expect(uk).toContain('"Language: uk\\n"');
    expect(uk).toContain('"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2');
    expect(uk).toContain('msgstr[2] "MANY %d files removed"');
    expect(await msgfmt(join(po, "uk.po"))).toBe("");
  });

  it("--async sends the entries as a server job", async () => {
    const po = join(dir, "async");
    await mkdir(po, { recursive: true });
    await writeFile(join(po, "messages.pot"), POT);
    standIn.calls.length = 0;
    const result = await glossa(["localize", "--async", "-t", "ru", join(po, "messages.pot")], env);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(standIn.calls.map((call) => call.path)).toEqual(["/jobs/localize"]);
    expect(await readFile(join(po, "ru.po"), "utf8")).toContain('msgstr[2] "MANY %d files removed"');
  });

  it("names the line of a file that does not parse, and an unknown or broken Plural-Forms", async () => {
    const po = join(dir, "errors");
    await mkdir(po, { recursive: true });
    await writeFile(join(po, "bad.pot"), 'msgid "a"\nmsgstr ""\n\nmsgid "b"\nmsgtsr ""\n');
    const bad = await glossa(["localize", "-t", "pl", join(po, "bad.pot")], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(`${join(po, "bad.pot")}:5: not a valid PO file: cannot read "msgtsr """`);
    expect(existsSync(join(po, "pl.po"))).toBe(false);

    await writeFile(join(po, "messages.pot"), POT);
    const unknown = await glossa(["localize", "-t", "ar", join(po, "messages.pot")], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(
      'has no Plural-Forms header for "ar" and gettext has no plural rule for that language',
    );
    expect(existsSync(join(po, "ar.po"))).toBe(false);

    await writeFile(
      join(po, "cs.po"),
      POT.replace("nplurals=INTEGER; plural=EXPRESSION;", "nplurals=3; plural=n==1 ? 0 : n=>2;"),
    );
    const broken = await glossa(["localize", "-t", "cs", join(po, "messages.pot")], env);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain("The Plural-Forms of");
    expect(broken.stderr).toContain("cannot be used: its plural expression cannot be read");
  });
});

// The same through a real server and its pseudo engine: the ICU message survives the pipeline.
describe(`glossa localize with a PO file against a server on ${STORES[0]}`, () => {
  let server: TestServer;
  let seed: SeededOrg;
  let dir: string;

  beforeAll(async () => {
    server = await startTestServer(STORES[0]!);
    seed = await seedOrganization(server.url, { name: "Po Org" });
    dir = await mkdtemp(join(tmpdir(), "glossa-po-real-"));
  });
  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("writes a catalogue msgfmt -c accepts, each plural form written for its own Polish category", async () => {
    const env = {
      GLOSSA_URL: server.url,
      GLOSSA_API_KEY: (await createKey(seed.admin, seed.orgId, { name: "ci" })).secret,
    };
    await writeFile(join(dir, "messages.pot"), POT);
    const result = await glossa(["localize", "-t", "pl", "--engine", seed.engineId, join(dir, "messages.pot")], env);
    expect(result.code).toBe(0);
    // Nothing goes wrong, and the server answers in Polish's categories: no `plural-forms` finding.
    expect(result.stderr).not.toContain("plural-forms");
    const otherLines = result.stderr.split("\n").filter((line) => line !== "" && !line.includes("quality checks:"));
    expect(otherLines).toEqual([]);
    const pl = await readFile(join(dir, "pl.po"), "utf8");
    const forms = [...pl.matchAll(/^msgstr\[(\d)\] "(.*)"$/gm)].map((m) => m[2]!);
    // gettext's forms 0, 1, 2 of Polish are CLDR's one (1), few (2–4, 22…) and many (5–21…); pseudo marks each.
    expect(forms.map((form) => /‹(\w+)›/.exec(form)?.[1])).toEqual(["one", "few", "many"]);
    for (const form of forms) expect(form).toMatch(/%d/);
    expect(await msgfmt(join(dir, "pl.po"))).toBe("");
  });
});
