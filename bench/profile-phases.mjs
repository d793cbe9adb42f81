// The CPU profile of bench/profile-concurrency.ts by phase: `node bench/profile-phases.mjs <profile dir>
// <windows.json> [top] [pre|post|after]`. A burst's first 900 ms are `pre` (before the provider
// answers), the rest of its window `post`, the 300 ms after it `after`; idle samples are left out.
import { readFileSync, readdirSync } from "node:fs";
const [dir, winFile, topN = "40", phase = "pre"] = process.argv.slice(2);
const file = readdirSync(dir)
  .filter((f) => f.endsWith(".cpuprofile"))
  .map((f) => `${dir}/${f}`)
  .sort()
  .at(-1);
const p = JSON.parse(readFileSync(file, "utf8"));
const windows = JSON.parse(readFileSync(winFile, "utf8"));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const label = (n) =>
  `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.replace(/.*node_modules\//, "nm/").replace(/.*\/dist\//, "dist/")}:${n.callFrame.lineNumber + 1}`;
let t = p.startTime;
const busy = { pre: 0, post: 0, after: 0 };
const incl = new Map(),
  self = new Map();
let total = 0;
for (let i = 0; i < p.samples.length; i++) {
  t += p.timeDeltas[i];
  const w = windows.find(([a, b]) => t >= a && t <= b + 300000);
  if (!w) continue;
  const dt = p.timeDeltas[i + 1] ?? 0;
  const n = byId.get(p.samples[i]);
  if (n.callFrame.functionName === "(idle)") continue;
  const rel = t - w[0];
  const ph = rel < 900000 ? "pre" : t <= w[1] ? "post" : "after";
  busy[ph] += dt;
  if (ph !== phase) continue;
  total += dt;
  const l = label(n);
  self.set(l, (self.get(l) ?? 0) + dt);
  const seen = new Set();
  for (let id = n.id; id !== undefined; id = parent.get(id)) {
    const ll = label(byId.get(id));
    if (seen.has(ll)) continue;
    seen.add(ll);
    incl.set(ll, (incl.get(ll) ?? 0) + dt);
  }
}
console.log(Object.fromEntries(Object.entries(busy).map(([k, v]) => [k, (v / 1000).toFixed(0) + " ms"])));
for (const [m, name] of [
  [self, "self"],
  [incl, "inclusive"],
]) {
  console.log(`--- ${phase} ${name}`);
  for (const [l, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, Number(topN)))
    console.log(`${((100 * v) / total).toFixed(1).padStart(5)}%  ${(v / 1000).toFixed(1).padStart(6)} ms  ${l}`);
}
