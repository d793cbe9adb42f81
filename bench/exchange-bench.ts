/**
 * TMX import benchmark (issue 27): a generated TMX file of 100,000 translation units (≈ 20 MB,
 * one source and one target each, a placeholder in every tenth) streamed to
 * `POST …/translation-memory/import` of a server started as users run it (dist/), on the
 * embedded store and on PostgreSQL when one is reachable. Prints the import rate (units/s),
 * the server's peak RSS during the import and its growth over the idle server, the export rate,
 * and `ratio tmx-import/parse`: the import's time over the time saxes alone takes to parse the
 * same file in this process (the yardstick, measured in the same run).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SaxesParser } from "saxes";
import { ADMIN, json, MiB, rssOf, startDist, streamOf } from "./support.js";

const UNITS = Number(process.env.BENCH_TMX_UNITS ?? 100_000);
const CHUNK_UNITS = 500;

function* tmxChunks(units: number): Generator<string> {
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE tmx SYSTEM "tmx14.dtd">\n<tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" o-tmf="bench" creationtool="bench" creationtoolversion="1"/><body>\n`;
  for (let start = 0; start < units; start += CHUNK_UNITS) {
    let chunk = "";
    for (let index = start; index < Math.min(units, start + CHUNK_UNITS); index++) {
      const placeholder = index % 10 === 0 ? ` <ph x="1">{name}</ph>` : "";
      chunk +=
        `<tu><prop type="x-id">${index}</prop><tuv xml:lang="en"><seg>Sentence number ${index} of the benchmark file${placeholder}, with some ordinary words.</seg></tuv>` +
        `<tuv xml:lang="fr"><seg>Phrase numéro ${index} du fichier de mesure${placeholder}, avec quelques mots ordinaires.</seg></tuv></tu>\n`;
    }
    yield chunk;
  }
  yield "</body></tmx>\n";
}

function parseOnlyMs(): number {
  const started = performance.now();
  const parser = new SaxesParser({ position: true });
  let units = 0;
  parser.on("closetag", (tag) => {
    if (tag.name === "tu") units++;
  });
  for (const chunk of tmxChunks(UNITS)) parser.write(chunk);
  parser.close();
  if (units !== UNITS) throw new Error(`parsed ${units} units`);
  return performance.now() - started;
}

async function benchOn(label: string, env: Record<string, string>, parseMs: number): Promise<void> {
  const server = await startDist(env);
  try {
    const session = await json(`${server.url}/api/session`, "POST", ADMIN);
    const me = await json(`${server.url}/api/me`, "GET", undefined, session.cookie);
    const org = await json(
      `${server.url}/api/admin/orgs`,
      "POST",
      { name: "Bench", ownerId: me.body.id },
      session.cookie,
    );
    const engine = await json(
      `${server.url}/api/orgs/${org.body.id}/engines`,
      "POST",
      { name: "TMX", provider: "openai", config: { models: [{ model: "m" }], baseUrl: "http://127.0.0.1:9/v1" } },
      session.cookie,
    );
    const base = `${server.url}/api/orgs/${org.body.id}/engines/${engine.body.id}/translation-memory`;
    const idle = await rssOf(server.pid);
    let peak = idle;
    const sampler = setInterval(() => {
      void rssOf(server.pid).then(
        (rss) => (peak = Math.max(peak, rss)),
        () => {},
      );
    }, 50);
    const started = performance.now();
    const response = await fetch(`${base}/import`, {
      method: "POST",
      headers: { cookie: session.cookie!, "content-type": "application/xml" },
      body: streamOf(tmxChunks(UNITS)),
      duplex: "half",
    } as RequestInit);
    const report = (await response.json()) as { read: number; imported: number };
    const importMs = performance.now() - started;
    clearInterval(sampler);
    if (response.status !== 200 || report.imported !== UNITS)
      throw new Error(`import: ${response.status} ${JSON.stringify(report)}`);
    const exportStarted = performance.now();
    const exported = await fetch(`${base}/export`, { headers: { cookie: session.cookie! } });
    const bytes = (await exported.arrayBuffer()).byteLength;
    const exportMs = performance.now() - exportStarted;
    console.log(
      `${label}: import ${UNITS} units in ${(importMs / 1000).toFixed(1)} s = ${Math.round(UNITS / (importMs / 1000))} units/s; ` +
        `server RSS idle ${(idle / MiB).toFixed(0)} MiB, peak ${(peak / MiB).toFixed(0)} MiB (+${((peak - idle) / MiB).toFixed(0)} MiB); ` +
        `export ${(bytes / MiB).toFixed(1)} MiB in ${(exportMs / 1000).toFixed(1)} s = ${Math.round(UNITS / (exportMs / 1000))} units/s`,
    );
    console.log(`ratio tmx-import/parse (${label}) ${(importMs / parseMs).toFixed(1)}`);
  } finally {
    await server.stop();
  }
}

export async function benchTmxImport(postgresUrl: string | undefined): Promise<void> {
  const parseMs = parseOnlyMs();
  console.log(`yardstick: saxes parses the same ${UNITS} units in this process in ${(parseMs / 1000).toFixed(2)} s`);
  const dataDir = mkdtempSync(join(tmpdir(), "glossa-bench-tmx-"));
  try {
    await benchOn("pglite", { GLOSSA_DATA_DIR: dataDir }, parseMs);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (postgresUrl) await benchOn("postgres", { DATABASE_URL: postgresUrl }, parseMs);
}
