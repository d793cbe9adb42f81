// The yardstick: bare Fastify answering a small JSON body, no logging, no database; plain `node`.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.post("/hello", async () => ({ hello: "world" }));
app.get("/readyz", async () => ({ status: "ready" }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? "127.0.0.1" });
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
