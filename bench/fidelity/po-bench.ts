/**
 * The fidelity bench's `po` figure set (BENCH_ONLY=fidelity-po, or after the pairs of
 * BENCH_ONLY=fidelity): Debian's own catalogues with plural entries, per target language, turned
 * back into PO (`msgunfmt`), their translations emptied, then run through `glossa localize`'s
 * PO path (localizePoTarget, calls to a Glossa server from dist/) with an oracle stand-in (the human
 * translator's forms), the pseudo engine and Apertium (es). The catalogues are GPL: built at run
 * time in a temp dir, never committed. What is measured and why: docs/quality.md#gettext-catalogues.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { localizePoTarget } from "../../src/cli/localize-po.js";
import { GlossaRequestError, localizeRemote } from "../../src/cli/localize/glossa-client.js";
import { poEntryKey } from "../../src/cli/localize/po-plan.js";
import { indexCategories, parsePluralForms } from "../../src/core/gettext/plural-forms.js";
import { categoryToken, formTag, pluralLanguage } from "../../src/core/content/plural-categories.js";
import { pluralMessage, printfConversions } from "../../src/core/gettext/plural-message.js";
import { headerField } from "../../src/core/gettext/po-header.js";
import { PoReader, type PoEntry } from "../../src/core/gettext/po-parser.js";
import { rewriteEntry } from "../../src/core/gettext/po-rewrite.js";
import { apertiumModePair } from "../../src/core/engines/apertium-modes.js";
import { eligible } from "./catalogues.js";
import { asGlossaWrites, countIn, humanFailsCheck } from "./po-reference.js";
import { startStandIn } from "./stand-in.js";

const run = promisify(execFile);
const LOCALE_ROOT = "/usr/share/locale";
/** BENCH_FIDELITY_PO_LANGUAGES: the target languages (comma-separated). */
export const PO_LANGUAGES = (process.env.BENCH_FIDELITY_PO_LANGUAGES ?? "pl,ru,cs,uk,ar,ga,ja,es").split(",");
/** BENCH_FIDELITY_PO_KEEP=1 keeps the temp dir (GPL data: delete it after reading). */
const KEEP = process.env.BENCH_FIDELITY_PO_KEEP === "1";
/** BENCH_FIDELITY_DETAIL: how many strings each detail list prints. */
const DETAIL = Number(process.env.BENCH_FIDELITY_DETAIL ?? 10);
const PO_CATALOGUES = ["coreutils", "tar", "findutils", "wget", "apt", "libapt-pkg6.0", "glib20"];
/** BENCH_FIDELITY_PO_ENTRIES: entries per language (plural entries first, then others), to bound CPU. */
const MAX_ENTRIES = Number(process.env.BENCH_FIDELITY_PO_ENTRIES ?? 400);
/** BENCH_FIDELITY_PO_CATALOGUES: catalogues read per language. */
const MAX_CATALOGUES = Number(process.env.BENCH_FIDELITY_PO_CATALOGUES ?? 3);

export interface PoGlossa {
  url: string;
  apiKey: string;
  engine(body: Record<string, unknown>): Promise<string>;
}

function readEntries(text: string): PoEntry[] {
  const reader = new PoReader();
  const entries: PoEntry[] = [];
  for (const line of text.split("\n")) {
    const entry = reader.push(line);
    if (entry) entries.push(entry);
  }
  const last = reader.end();
  if (last) entries.push(last);
  return entries;
}

interface Catalogue {
  language: string;
  names: string[];
  header: PoEntry;
  /** Translated, not fuzzy entries: the human's. */
  human: PoEntry[];
  nplurals: number;
  categories: string[];
}

/** The language's catalogues that have plural entries, as one sample: every plural entry first, then one-line entries. */
async function catalogueOf(language: string, dir: string): Promise<Catalogue | string> {
  const names: string[] = [];
  const plural: PoEntry[] = [];
  const single: PoEntry[] = [];
  const seen = new Set<string>();
  let header: PoEntry | undefined;
  let formsText: string | undefined;
  for (const name of PO_CATALOGUES) {
    if (names.length >= MAX_CATALOGUES) break;
    const mo = join(LOCALE_ROOT, language, "LC_MESSAGES", `${name}.mo`);
    if (!existsSync(mo)) continue;
    const po = join(dir, `${language}-${name}.po`);
    await run("msgunfmt", ["-o", po, mo], { maxBuffer: 256 * 1024 * 1024 });
    const entries = readEntries(await readFile(po, "utf8"));
    const first = entries.find((e) => !e.inert && e.id === "" && e.context === undefined);
    const own = first ? headerField(first.strings[0]!, "Plural-Forms") : undefined;
    if (!first || !own || !entries.some((e) => e.idPlural !== undefined)) continue;
    // every catalogue of the sample must count forms the same way
    if (formsText !== undefined && own.replace(/\s/g, "") !== formsText.replace(/\s/g, "")) continue;
    formsText ??= own;
    header ??= first;
    names.push(name);
    for (const entry of entries) {
      if (entry.inert || entry === first || entry.flags.includes("fuzzy") || entry.strings.some((s) => s === ""))
        continue;
      const key = poEntryKey(entry);
      if (seen.has(key)) continue;
      seen.add(key);
      if (entry.idPlural !== undefined) plural.push(entry);
      // the other entries as the pairs' sample takes them (one line of prose, docs/quality.md)
      else if (eligible({ source: entry.id, translations: entry.strings, flags: entry.flags })) single.push(entry);
    }
  }
  if (!header || !formsText) return `no catalogue with plural entries among ${PO_CATALOGUES.join(", ")}`;
  const parsed = parsePluralForms(formsText);
  if (!parsed.ok) return `its Plural-Forms cannot be read: ${parsed.message}`;
  const categories = indexCategories(parsed.forms, language);
  if (!categories.ok) return `its Plural-Forms does not fit CLDR: ${categories.message}`;
  const human = [...plural.filter((e) => e.strings.length === parsed.forms.nplurals), ...single].slice(0, MAX_ENTRIES);
  return { language, names, header, human, nplurals: parsed.forms.nplurals, categories: categories.categories };
}

/** c-format where the source has printf conversions (msgunfmt restores no flags), so that --check-format checks them. */
function flagged(entry: PoEntry): PoEntry {
  const printf = printfConversions(entry.id).length > 0 || printfConversions(entry.idPlural ?? "").length > 0;
  if (!printf) return entry;
  const lines = ["#, c-format", ...entry.lines];
  return {
    ...entry,
    lines,
    flags: ["c-format"],
    flagsLine: 0,
    keywordStart: entry.keywordStart + 1,
    msgstrStart: entry.msgstrStart + 1,
    msgstrEnd: entry.msgstrEnd + 1,
  };
}

async function msgfmtErrors(file: string): Promise<{ errors: number; messages: string[] }> {
  const stderr = await run("msgfmt", ["-c", "--check-format", "-o", "/dev/null", file]).then(
    (result) => result.stderr,
    (error: { stderr?: string }) => error.stderr ?? String(error),
  );
  const messages = stderr.split("\n").filter((line) => line.startsWith(`${file}:`) && !line.includes("warning:"));
  const fatal = /found (\d+) fatal errors?/.exec(stderr);
  return { errors: fatal ? Number(fatal[1]) : messages.length, messages: messages.slice(0, 3) };
}

/** The human's file (flags added) and the emptied one that goes through Glossa. */
async function writeFiles(catalogue: Catalogue, dir: string) {
  const body = catalogue.human.map(flagged);
  const human = join(dir, `${catalogue.language}-human.po`);
  const empty = join(dir, `${catalogue.language}-empty.po`);
  const join_ = (entries: readonly (readonly string[])[]) => entries.map((lines) => lines.join("\n")).join("\n");
  const header = catalogue.header.lines.filter((line) => line.trim() !== "");
  await writeFile(human, `${join_([header, ...body.map((e) => e.lines.filter((l) => l.trim() !== ""))])}\n`);
  await writeFile(
    empty,
    `${join_([
      header,
      ...body.map((e) =>
        rewriteEntry(
          e,
          e.strings.map(() => ""),
        ).filter((l) => l.trim() !== ""),
      ),
    ])}\n`,
  );
  return { human, empty, body };
}

interface Outcome {
  file: string;
  entries: PoEntry[];
  calls: number;
  refused: number;
  lost: number;
  /** The keys (poEntryKey) of the entries lost. */
  lostKeys: Set<string>;
  reasons: string[];
}

/** The emptied file through `glossa localize`'s PO path, in calls of 100 entries. */
async function throughGlossa(
  glossa: PoGlossa,
  engineId: string,
  language: string,
  source: string,
  out: string,
): Promise<Outcome> {
  const outcome: Outcome = { file: out, entries: [], calls: 0, refused: 0, lost: 0, lostKeys: new Set(), reasons: [] };
  await rm(out, { force: true });
  const result = await localizePoTarget({
    sourceFile: source,
    targetFile: out,
    target: language,
    locked: {},
    translate: async (data, hints) => {
      outcome.calls++;
      try {
        return await localizeRemote(
          { url: glossa.url, apiKey: glossa.apiKey },
          { engineId, sourceLocale: "en", targetLocale: language, data, hints },
        );
      } catch (error) {
        if (!(error instanceof GlossaRequestError)) throw error;
        outcome.refused++;
        return {
          data: {},
          untranslated: Object.keys(data).map((key) => ({ path: [key], code: "engine_failed", reason: error.message })),
        };
      }
    },
    batchEntries: 100,
    batchChars: 50_000,
    force: false,
    fuzzy: false,
    markFuzzy: false,
    progress: { update: () => undefined, clear: () => undefined },
  });
  const failed = result.untranslated.filter((u) => u.code === "engine_failed");
  outcome.lost = failed.length;
  outcome.lostKeys = new Set(failed.map((u) => String(u.path[0])));
  outcome.reasons = failed.map((u) => `${JSON.stringify(String(u.path[0]).slice(0, 80))}: ${u.reason.slice(0, 200)}`);
  outcome.entries = readEntries(await readFile(out, "utf8")).filter(
    (e) => !e.inert && !(e.id === "" && e.context === undefined),
  );
  return outcome;
}

/**
 * What the oracle answers: each unit the server sends → the human's text. A plural entry's forms
 * arrive one per target category, the count written `{#few}` (docs/engines.md#plural-categories-the-targets);
 * a form whose text has no count arrives after its category's tag (`{plural:few}option '-%s' is ignored`).
 */
function oracleAnswers(catalogue: Catalogue, body: readonly PoEntry[]): Map<string, string> {
  const answers = new Map<string, string>();
  const otherIndex = catalogue.categories.includes("other")
    ? catalogue.categories.indexOf("other")
    : catalogue.nplurals - 1;
  const oneIndex = Math.max(0, catalogue.categories.indexOf("one"));
  for (const entry of body) {
    if (entry.idPlural === undefined) {
      answers.set(entry.id, entry.strings[0]!);
      continue;
    }
    const { count } = pluralMessage(entry.id, entry.idPlural, true);
    const unit = (text: string, token: string) => (count ? text.split(countIn(text, count)).join(token) : text);
    answers.set(unit(entry.id, "{#}"), unit(entry.strings[oneIndex]!, "{#}"));
    answers.set(unit(entry.idPlural, "{#}"), unit(entry.strings[otherIndex]!, "{#}"));
    const categories = pluralLanguage(catalogue.language, "cardinal")?.categories ?? [];
    for (const category of categories) {
      const index = catalogue.categories.indexOf(category);
      const human = entry.strings[index >= 0 ? index : otherIndex]!;
      const token = categoryToken(category, "cardinal");
      const tag = formTag(category, "cardinal");
      for (const source of [entry.id, entry.idPlural]) {
        answers.set(unit(source, token), unit(human, token));
        answers.set(tag + unit(source, token), tag + unit(human, token));
      }
    }
  }
  return answers;
}

const pct = (part: number, whole: number) => (whole === 0 ? "–" : `${((100 * part) / whole).toFixed(1)} %`);

function row(label: string, ...cells: string[]) {
  console.log(`  ${label.padEnd(46)}${cells.map((cell) => cell.padEnd(16)).join("")}`.trimEnd());
}

/** The human's forms of an entry as Glossa writes every answer (po-reference.ts). */
function humanAsGlossaWrites(entry: PoEntry, language: string): string[] {
  if (entry.idPlural === undefined) return entry.strings.map((text) => asGlossaWrites(entry.id, text, language));
  const { count } = pluralMessage(entry.id, entry.idPlural, true);
  return entry.strings.map((text) => asGlossaWrites(entry.idPlural!, text, language, count));
}

/**
 * Forms of the output equal to the human's, over every form of every entry; with `language`, equal
 * to the human's as Glossa writes every answer (its post-edits applied to the human's form too).
 */
function equalForms(
  human: readonly PoEntry[],
  output: readonly PoEntry[],
  language?: string,
): { equal: number; forms: number } {
  const byKey = new Map(output.map((e) => [poEntryKey(e), e]));
  let equal = 0;
  let forms = 0;
  for (const entry of human) {
    const out = byKey.get(poEntryKey(entry));
    const reference = language === undefined ? entry.strings : humanAsGlossaWrites(entry, language);
    reference.forEach((text, index) => {
      forms++;
      if (out?.strings[index] === text) equal++;
    });
  }
  return { equal, forms };
}

/** Plural entries whose forms are all present, and distinct wherever their categories differ. */
function distinctForms(output: readonly PoEntry[], catalogue: Catalogue): number {
  return output.filter((e) => {
    if (e.idPlural === undefined || e.strings.length !== catalogue.nplurals || e.strings.some((s) => s === ""))
      return false;
    for (let i = 0; i < e.strings.length; i++)
      for (let j = i + 1; j < e.strings.length; j++)
        if (catalogue.categories[i] !== catalogue.categories[j] && e.strings[i] === e.strings[j]) return false;
    return true;
  }).length;
}

/** Returns whether every target of the set was met. */
export async function benchPoCatalogues(glossa: PoGlossa, apertiumModes: readonly string[]): Promise<boolean> {
  const dir = await mkdtemp(join(tmpdir(), "glossa-fidelity-po-"));
  let allMet = true;
  try {
    console.log(
      `\npo: Debian catalogues (msgunfmt), translations emptied, through glossa localize's PO path; up to ${MAX_ENTRIES} entries and ${MAX_CATALOGUES} catalogues per language, plural entries first`,
    );
    for (const language of PO_LANGUAGES) {
      const catalogue = await catalogueOf(language, dir);
      if (typeof catalogue === "string") {
        console.log(`\n${language}: NOT MEASURED (${catalogue})`);
        allMet = false;
        continue;
      }
      const { human, empty, body } = await writeFiles(catalogue, dir);
      const plurals = body.filter((e) => e.idPlural !== undefined);
      const collisions = body.length - new Set(body.map((e) => e.id)).size;
      console.log(
        `\n${language}: ${catalogue.names.join(", ")}; ${body.length} entries, ${plurals.length} plural with nplurals=${catalogue.nplurals} (forms → CLDR: ${catalogue.categories.join(", ")})`,
      );
      const humanCheck = await msgfmtErrors(human);

      const oracleStandIn = await startStandIn("oracle", oracleAnswers(catalogue, body));
      let oracle: Outcome;
      try {
        const engine = await glossa.engine({
          name: `po oracle ${language}`,
          provider: "openai",
          config: { baseUrl: oracleStandIn.url, models: [{ model: "oracle" }] },
        });
        oracle = await throughGlossa(glossa, engine, language, empty, join(dir, `${language}-oracle.po`));
      } finally {
        await oracleStandIn.close();
      }
      const pseudoEngine = await glossa.engine({ name: `po pseudo ${language}`, provider: "pseudo" });
      const pseudo = await throughGlossa(glossa, pseudoEngine, language, empty, join(dir, `${language}-pseudo.po`));
      const apertiumMode = apertiumModes.find((mode) => {
        const pair = apertiumModePair(mode);
        return pair?.sourceLocale === "en" && pair.targetLocale === language;
      });
      let apertium: Outcome | undefined;
      if (apertiumMode) {
        const engine = await glossa.engine({ name: `po apertium ${language}`, provider: "apertium" });
        apertium = await throughGlossa(glossa, engine, language, empty, join(dir, `${language}-apertium.po`));
      }
      const runs = [oracle, pseudo, ...(apertium ? [apertium] : [])];
      const checks = await Promise.all(runs.map((r) => msgfmtErrors(r.file)));
      const withForms = (r: Outcome) =>
        r.entries.filter((e) => e.idPlural !== undefined && e.strings.length === catalogue.nplurals).length;
      const equal = equalForms(body, oracle.entries);
      const equalPlural = equalForms(plurals, oracle.entries);
      const equalAsWritten = equalForms(body, oracle.entries, language);
      const lostEntries = body.filter((e) => oracle.lostKeys.has(poEntryKey(e)));
      // A lost one-form entry whose human translation Glossa's output check refuses too: the oracle answered a dropped token.
      const humanRefused = lostEntries.filter(
        (e) => e.idPlural === undefined && humanFailsCheck(e.id, e.strings[0]!, language),
      ).length;

      row("", "oracle", "pseudo", ...(apertium ? ["apertium"] : []), "human", "Lingo.dev PO loader");
      row("msgfmt -c --check-format errors", ...checks.map((c) => String(c.errors)), String(humanCheck.errors), "");
      row(
        "plural entries with nplurals forms",
        ...runs.map((r) => `${withForms(r)}/${plurals.length}`),
        `${plurals.length}/${plurals.length}`,
        // its content loader writes [msgstr[0], msgstr[1] || msgid_plural]: always two forms
        `${catalogue.nplurals === 2 ? plurals.length : 0}/${plurals.length} (writes 2 forms)`,
      );
      row("entries lost (not translated)", ...runs.map((r) => String(r.lost)), "", `${collisions} (msgid-keyed)`);
      row("calls refused", ...runs.map((r) => `${r.refused}/${r.calls}`));
      row("forms equal to the human's (all entries)", `${equal.equal}/${equal.forms} ${pct(equal.equal, equal.forms)}`);
      row(
        "forms equal to the human's (plural entries)",
        `${equalPlural.equal}/${equalPlural.forms} ${pct(equalPlural.equal, equalPlural.forms)}`,
      );
      row(
        "… to the human's as every answer is written",
        `${equalAsWritten.equal}/${equalAsWritten.forms} ${pct(equalAsWritten.equal, equalAsWritten.forms)}`,
      );
      row("lost, the human's own text refused", `${humanRefused}/${oracle.lost}`);
      row(
        "plural entries, every category present and distinct",
        "",
        `${distinctForms(pseudo.entries, catalogue)}/${plurals.length}`,
      );
      for (const [index, check] of checks.entries())
        for (const message of check.messages)
          console.log(`    msgfmt (${["oracle", "pseudo", "apertium"][index]}): ${message.slice(0, 200)}`);

      for (const reason of oracle.reasons.slice(0, DETAIL)) console.log(`    oracle lost ${reason}`);
      const byKey = new Map(oracle.entries.map((e) => [poEntryKey(e), e]));
      const differing = body.filter((e) => {
        const out = byKey.get(poEntryKey(e));
        return (
          out !== undefined &&
          !oracle.lostKeys.has(poEntryKey(e)) &&
          out.strings.join("\u0000") !== humanAsGlossaWrites(e, language).join("\u0000")
        );
      });
      for (const e of differing.slice(0, DETAIL))
        console.log(
          `    oracle differs (as written): ${JSON.stringify(e.id.slice(0, 100))} → ${JSON.stringify(byKey.get(poEntryKey(e))!.strings.map((t) => t.slice(0, 80)))} (human ${JSON.stringify(e.strings.map((t) => t.slice(0, 80)))})`,
        );
      const targets: [string, boolean][] = [
        [
          `msgfmt -c --check-format errors 0 (oracle, pseudo${apertium ? ", apertium" : ""})`,
          checks.every((c) => c.errors === 0),
        ],
        ["every plural entry has nplurals forms", runs.every((r) => withForms(r) === plurals.length)],
        [
          `oracle: ≥ 99 % of forms equal to the human's: ${pct(equal.equal, equal.forms)}`,
          equal.equal >= 0.99 * equal.forms,
        ],
        [
          `oracle: no entry lost, no call refused: ${oracle.lost}, ${oracle.refused}`,
          oracle.lost === 0 && oracle.refused === 0,
        ],
        [
          `oracle: ≥ 99 % of forms equal to the human's as every answer is written: ${pct(equalAsWritten.equal, equalAsWritten.forms)}`,
          equalAsWritten.equal >= 0.99 * equalAsWritten.forms,
        ],
        [
          `oracle: no entry lost whose human translation passes the output check: ${oracle.lost - humanRefused}`,
          oracle.lost === humanRefused && oracle.refused === 0,
        ],
        [
          `pseudo: every category present and distinct: ${distinctForms(pseudo.entries, catalogue)}/${plurals.length}`,
          distinctForms(pseudo.entries, catalogue) === plurals.length,
        ],
      ];
      for (const [label, met] of targets) console.log(`  target ${label}: ${met ? "met" : "MISSED"}`);
      allMet &&= targets.every(([, met]) => met);
    }
  } finally {
    if (KEEP) console.log(`  files kept in ${dir} (GPL data: delete after reading)`);
    else await rm(dir, { recursive: true, force: true });
  }
  return allMet;
}
