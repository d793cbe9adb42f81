// Servers that answer after BENCH_DELAY_MS (default 1000), plain `node` in a process of their own:
//  - BENCH_SLOW_MODE=openai: an OpenAI-compatible chat-completions stand-in that returns each
//    item's text unchanged (an "LLM" that takes a second);
//  - BENCH_SLOW_MODE=plain: a server answering POST /process/localize with the request's data
//    (parsed and serialized, as any JSON server would) after the same delay, with no outbound call
//    (the concurrency part's former yardstick; bench/yardsticks.ts still compares against it).
import { createServer } from "node:http";

const delay = Number(process.env.BENCH_DELAY_MS ?? 1000);
const mode = process.env.BENCH_SLOW_MODE ?? "plain";

function answer(req, res, body) {
  if (req.url === "/readyz") {
    res.writeHead(200, { "content-type": "application/json" });
    return res.end('{"status":"ready"}');
  }
  const parsed = JSON.parse(body);
  let out;
  if (mode === "openai") {
    const items = JSON.parse(parsed.messages[1].content).items;
    const content = JSON.stringify({ translations: items.map((item) => ({ id: item.id, text: item.text })) });
    out = { choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] };
  } else {
    out = { sourceLocale: parsed.sourceLocale, targetLocale: parsed.targetLocale, data: parsed.data };
  }
  setTimeout(() => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(out));
  }, delay);
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => answer(req, res, Buffer.concat(chunks).toString("utf8") || "{}"));
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? "127.0.0.1");
process.once("SIGTERM", () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
