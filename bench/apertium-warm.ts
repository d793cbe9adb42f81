// Apertium through Glossa versus Apertium run directly, on the machine's own UI strings (issue 33 item 6).
// `npm run build:server && npx tsx bench/apertium-warm.ts` (BENCH_ROUNDS, default 5). Needs apertium,
// apertium-eng-spa and gettext. The strings are read at run time from the installed Spanish catalogues
// (GPL: never committed): the first 1,500 distinct single-line msgids of coreutils, bash, apt, grep, sed,
// tar, findutils and diffutils. Both sides get the same strings: Apertium as one file with a blank line
// between strings (`apertium -u eng-spa`), Glossa as a user sends them (a server from dist/, an Apertium
// engine without translation memory, 15 sequential `POST /process/localize` calls of 100 strings).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROUNDS, reportRatio } from "./ratio-report.js";
import { ceiling, median, roundOrder } from "./rounds.js";
import { json, seed, startDist } from "./support.js";

const CATALOGUES = ["coreutils", "bash", "apt", "grep", "sed", "tar", "findutils", "diffutils"];
const STRINGS = 1500;
const PER_CALL = 100;

/** Every msgid of a catalogue: msgstrs emptied (`msgfilter`), filled with msgids (`msgen`), printed NUL-separated (`msgexec 0`). */
function msgids(catalogue: string): string[] {
  const file = `/usr/share/locale/es/LC_MESSAGES/${catalogue}.mo`;
  if (!existsSync(file)) return [];
  const po = execFileSync("msgunfmt", [file], { stdio: "pipe" });
  // msgen fills only empty msgstrs: the Spanish ones are emptied first.
  const untranslated = execFileSync("msgfilter", ["-i", "-", "sed", "-e", "d"], { input: po, stdio: "pipe" });
  const english = execFileSync("msgen", ["-"], { input: untranslated, stdio: "pipe" });
  return execFileSync("msgexec", ["-i", "-", "0"], { input: english, maxBuffer: 64 * 1024 * 1024, stdio: "pipe" })
    .toString("utf8")
    .split("\0");
}

const strings = [...new Set(CATALOGUES.flatMap(msgids))]
  .filter((text) => text.trim() !== "" && !text.includes("\n"))
  .slice(0, STRINGS);
if (strings.length < STRINGS) console.log(`only ${strings.length} strings in the installed catalogues`);

const dir = await mkdtemp(join(tmpdir(), "glossa-bench-apertium-"));
const direct = join(dir, "strings.txt");
await writeFile(direct, strings.join("\n\n") + "\n");
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
      body: JSON.stringify({ engineId: engine.body.id, sourceLocale: "en", targetLocale: "es", data }),
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
      async () => (apertium = await seconds(() => execFileSync("apertium", ["-u", "eng-spa", direct]))),
      async () =>
        (glossa = await seconds(async () => {
          for (let index = 0; index < strings.length; index += PER_CALL)
            await localize(strings.slice(index, index + PER_CALL));
        })),
    ];
    for (const side of roundOrder(sides, round)) await side();
    rounds.push({ direct: apertium, glossa });
    console.log(
      `round ${round + 1}: apertium directly ${apertium.toFixed(2)} s, Glossa ${glossa.toFixed(2)} s, ratio ${(glossa / apertium).toFixed(2)}`,
    );
  }
  console.log(
    `apertium directly ${median(rounds.map((r) => r.direct)).toFixed(2)} s, Glossa ${median(rounds.map((r) => r.glossa)).toFixed(2)} s (medians of ${ROUNDS})`,
  );
  reportRatio(
    "apertium/glossa-vs-direct",
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
