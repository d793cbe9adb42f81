// Apertium through Glossa versus Apertium run directly, on the machine's own UI strings (issue 33 item 6,
// issue 38). `npm run build:server && npx tsx bench/apertium-warm.ts` (BENCH_ROUNDS, default 5). Needs
// apertium, the pair's package and gettext. The strings are read at run time from the installed catalogues
// of the target language (GPL: never committed): the first 1,500 distinct single-line messages of
// BENCH_APERTIUM_CATALOGUES (default coreutils, bash, apt, grep, sed, tar, findutils and diffutils) in
// BENCH_APERTIUM_LANG (default es; the mode is eng-<its ISO 639-3 code>: eng-spa, eng-cat). With
// BENCH_APERTIUM_PLURALS=1 the catalogues' plural entries come first, each as one ICU message
// `{n, plural, one {<msgid>} other {<msgid_plural>}}` (Glossa answers every category of the target
// language, one sentence each) and as its two sentences for Apertium directly. Both sides get the same
// strings: Apertium as one file with a blank line between sentences (`apertium -u <mode>`), Glossa as a
// user sends them (a server from dist/, an Apertium engine without translation memory, sequential
// `POST /process/localize` calls of 100 messages).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { apertiumModeCandidates } from "../src/core/engines/apertium-modes.js";
import { parsePo } from "./fidelity/po.js";
import { ROUNDS, reportRatio } from "./ratio-report.js";
import { ceiling, median, roundOrder } from "./rounds.js";
import { json, seed, startDist } from "./support.js";

const LANG = process.env.BENCH_APERTIUM_LANG ?? "es";
const MODE = apertiumModeCandidates("en", LANG).at(0)!;
const CATALOGUES = (process.env.BENCH_APERTIUM_CATALOGUES ?? "coreutils,bash,apt,grep,sed,tar,findutils,diffutils")
  .split(",")
  .filter(Boolean);
const PLURALS = process.env.BENCH_APERTIUM_PLURALS === "1";
const STRINGS = 1500;
const PER_CALL = 100;

interface Message {
  /** What Glossa gets. */
  glossa: string;
  /** What Apertium run directly gets: one sentence, or a plural entry's two. */
  direct: string[];
}

/** A catalogue's entries, as `msgunfmt` prints them. */
function entries(catalogue: string) {
  const file = `/usr/share/locale/${LANG}/LC_MESSAGES/${catalogue}.mo`;
  if (!existsSync(file)) return [];
  const po = execFileSync("msgunfmt", [file], { maxBuffer: 256 * 1024 * 1024, stdio: "pipe" }).toString("utf8");
  return parsePo(po);
}

const singleLine = (text: string | undefined): text is string =>
  text !== undefined && text.trim() !== "" && !/[\r\n]/.test(text);

const all = CATALOGUES.flatMap(entries).filter((entry) => entry.source !== "");
const plurals: Message[] = PLURALS
  ? all
      .filter((entry) => singleLine(entry.source) && singleLine(entry.sourcePlural))
      // ICU syntax characters would change the message's meaning: such entries are left out.
      .filter((entry) => !/[{}#]/.test(entry.source + entry.sourcePlural!))
      .map((entry) => ({
        glossa: `{n, plural, one {${entry.source}} other {${entry.sourcePlural!}}}`,
        direct: [entry.source, entry.sourcePlural!],
      }))
  : [];
const singles: Message[] = all
  .filter((entry) => entry.sourcePlural === undefined && singleLine(entry.source))
  .map((entry) => ({ glossa: entry.source, direct: [entry.source] }));
const seen = new Set<string>();
const messages = [...plurals, ...singles]
  .filter((message) => !seen.has(message.glossa) && seen.add(message.glossa))
  .slice(0, STRINGS);
const strings = messages.map((message) => message.glossa);
if (strings.length < STRINGS) console.log(`only ${strings.length} strings in the installed catalogues`);
console.log(
  `${MODE}: ${strings.length} messages of ${CATALOGUES.join(", ")} (${LANG}), ${messages.filter((m) => m.direct.length > 1).length} of them plural; load ${loadavg()[0]!.toFixed(1)}`,
);

const dir = await mkdtemp(join(tmpdir(), "glossa-bench-apertium-"));
const direct = join(dir, "strings.txt");
await writeFile(direct, messages.flatMap((message) => message.direct).join("\n\n") + "\n");
const server = await startDist({ GLOSSA_DATA_DIR: join(dir, "data") });
try {
  const seeded = await seed(server.url);
  const engine = await json(
    `${server.url}/api/orgs/${seeded.orgId}/engines`,
    "POST",
    { name: "Apertium", provider: "apertium", config: { translationMemory: false } },
    seeded.cookie,
  );
  const localize = async (texts: string[]) => {
    const data = Object.fromEntries(texts.map((text, index) => [`k${index}`, text]));
    const response = await fetch(`${server.url}/process/localize`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": seeded.secret },
      body: JSON.stringify({ engineId: engine.body.id, sourceLocale: "en", targetLocale: LANG, data }),
    });
    if (response.status !== 200) throw new Error(`localize → ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  };
  const seconds = async (work: () => unknown) => {
    const started = performance.now();
    await work();
    return (performance.now() - started) / 1000;
  };

  const rounds: { direct: number; glossa: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let apertium = 0;
    let glossa = 0;
    const sides = [
      async () => (apertium = await seconds(() => execFileSync("apertium", ["-u", MODE, direct]))),
      async () =>
        (glossa = await seconds(async () => {
          for (let index = 0; index < strings.length; index += PER_CALL)
            await localize(strings.slice(index, index + PER_CALL));
        })),
    ];
    for (const side of roundOrder(sides, round)) await side();
    rounds.push({ direct: apertium, glossa });
    console.log(
      `round ${round + 1} (load ${loadavg()[0]!.toFixed(1)}): apertium directly ${apertium.toFixed(2)} s, Glossa ${glossa.toFixed(2)} s, ratio ${(glossa / apertium).toFixed(2)}`,
    );
  }
  console.log(
    `apertium directly ${median(rounds.map((r) => r.direct)).toFixed(2)} s, Glossa ${median(rounds.map((r) => r.glossa)).toFixed(2)} s (medians of ${ROUNDS})`,
  );
  reportRatio(
    `apertium/glossa-vs-direct/${MODE}${PLURALS ? "+plurals" : ""}`,
    rounds.map((r) => r.glossa / r.direct),
    ceiling(2),
  );

  // The server's warm pipelines: its child processes, grouped by pipeline (one analyser each).
  const children = readdirSync("/proc").filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      return Number(/^\d+ \(.*\) \S+ (\d+)/.exec(readFileSync(`/proc/${entry}/stat`, "utf8"))![1]) === server.pid;
    } catch {
      return false;
    }
  });
  const kib = (entry: string, file: string, field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${entry}/${file}`, "utf8"))![1]);
  const pipelines = children.filter((entry) =>
    readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(".automorf.bin"),
  ).length;
  const rss = children.reduce((sum, entry) => sum + kib(entry, "status", "VmRSS"), 0);
  const pss = children.reduce((sum, entry) => sum + kib(entry, "smaps_rollup", "Pss"), 0);
  console.log(
    `warm pipelines after the run: ${pipelines} (${children.length} processes); per pipeline RSS ${(rss / pipelines / 1024).toFixed(0)} MiB, PSS ${(pss / pipelines / 1024).toFixed(0)} MiB`,
  );
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
