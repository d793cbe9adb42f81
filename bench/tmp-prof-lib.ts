import { readdirSync, readFileSync } from "node:fs";
import { storeEnvironment, LOCALIZE_BODY } from "./localize-auth-bench.js";
import { json, load, seed, startProcess } from "./support.js";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
export async function benchProfile() {
  const stub = createServer((req, res) => { const c: Buffer[] = []; req.on("data", (x) => c.push(x)); req.on("end", () => { const b = JSON.parse(Buffer.concat(c).toString()); const items = JSON.parse(b.messages[1].content).items; res.writeHead(200, { "content-type": "application/json" }); res.end(JSON.stringify({ choices: [{ message: { content: JSON.stringify({ translations: items.map((i: any) => ({ id: i.id, text: i.text })) }) } }] })); }); });
  await new Promise<void>((r) => stub.listen(0, "127.0.0.1", r));
  const stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/v1`;
  const store = (process.env.STORE ?? "postgres") as "postgres" | "pglite";
  const { env, cleanup } = await storeEnvironment(store, "postgres://postgres@127.0.0.1:5432/test");
  const s1 = await startProcess(["--import", "tsx", "bench/bench-server.ts"], env);
  const seeded = await seed(s1.url);
  const tm = await json(`${s1.url}/api/orgs/${seeded.orgId}/engines`, "POST", { name: "TM", provider: "openai", config: { baseUrl: stubUrl, models: [{ model: "stub" }] } }, seeded.cookie);
  await s1.stop();
  const body = JSON.stringify({ ...LOCALIZE_BODY, ...(process.env.TM ? { engineId: tm.body.id } : {}) });
  const s = await startProcess(["--cpu-prof", "--cpu-prof-dir=/tmp/perfx/prof", "--import", "tsx", "bench/bench-server.ts"], env);
  const r0 = await fetch(`${s.url}/process/localize`, { method: "POST", headers: { "content-type": "application/json", "x-api-key": seeded.secret }, body });
  console.log("first", r0.status);
  const m = await load(`${s.url}/process/localize`, { headers: { "x-api-key": seeded.secret }, body }, 5);
  console.log(m);
  await s.stop();
  await cleanup();
  stub.close();
  const file = readdirSync("/tmp/perfx/prof").map((f) => [f, readFileSync(`/tmp/perfx/prof/${f}`).length] as const).sort((a, b) => b[1] - a[1])[0]![0];
  const prof = JSON.parse(readFileSync(`/tmp/perfx/prof/${file}`, "utf8"));
  const self = new Map<number, number>();
  const dt = prof.timeDeltas as number[];
  (prof.samples as number[]).forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)));
  const byName = new Map<string, number>();
  let total = 0;
  for (const node of prof.nodes) {
    const t = self.get(node.id) ?? 0; total += t;
    const cf = node.callFrame; const key = `${cf.functionName || "(anon)"} ${cf.url.split("/").slice(-2).join("/")}:${cf.lineNumber}`;
    byName.set(key, (byName.get(key) ?? 0) + t);
  }
  console.log("requests", m.rps * 5);
  for (const [k, v] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log((v / 1000).toFixed(0).padStart(7), "ms", (100 * v / total).toFixed(1).padStart(5), "%", k);
}
