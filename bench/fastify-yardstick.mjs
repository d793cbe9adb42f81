// Bare Fastify answering POST /process/localize. BENCH_FASTIFY_MODE=proxy (the relay, the
// concurrency part's yardstick in `npm run bench`) sends the strings to an OpenAI-compatible stand-in
// (BENCH_STAND_IN_URL) with undici, as one JSON prompt, and answers its translations: the least a
// proxy to an LLM does. =bare (bench/yardsticks.ts only) waits BENCH_DELAY_MS (1000) and answers the
// request's data.
import Fastify from "fastify";
import { request } from "undici";

const mode = process.env.BENCH_FASTIFY_MODE ?? "bare";
const delay = Number(process.env.BENCH_DELAY_MS ?? 1000);
const standIn = process.env.BENCH_STAND_IN_URL;
const app = Fastify({ logger: false });
app.get("/readyz", async () => ({ status: "ready" }));
app.post("/process/localize", async (req) => {
  const { sourceLocale, targetLocale, data } = req.body;
  if (mode === "bare") {
    await new Promise((resolve) => setTimeout(resolve, delay));
    return { sourceLocale, targetLocale, data };
  }
  const items = Object.entries(data).map(([id, text]) => ({ id, text }));
  const answer = await request(`${standIn}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      model: "stand-in",
      messages: [
        { role: "system", content: `Translate from ${sourceLocale} to ${targetLocale}.` },
        { role: "user", content: JSON.stringify({ items }) },
      ],
    }),
  });
  const body = await answer.body.json();
  const translations = JSON.parse(body.choices[0].message.content).translations;
  return { sourceLocale, targetLocale, data: Object.fromEntries(translations.map((t) => [t.id, t.text])) };
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? "127.0.0.1" });
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
