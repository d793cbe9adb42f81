import { generateApiKeySecret } from "../../src/core/keys/api-key-format.js";
import { connect } from "node:net";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createKey, seedOrganization } from "../support/seed.js";
import { startTestServer } from "../support/test-server.js";

describe("graceful shutdown: in-flight requests finish, no new ones are accepted", () => {
  it("completes a request that is in flight when close() starts, then refuses connections", async () => {
    let logs = "";
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logs += chunk;
        done();
      },
    });
    // Requests are logged only at debug (docs/performance.md); the test watches for this one.
    const server = await startTestServer("pglite", {}, { stream, level: "debug" });
    const seed = await seedOrganization(server.url);
    const { secret } = await createKey(seed.admin, seed.orgId, { name: "ci" });
    const data = Object.fromEntries(
      Array.from({ length: 20_000 }, (_, i) => [`key${i}`, `Message number ${i} with {name}`]),
    );

    const inFlight = fetch(`${server.url}/process/localize`, {
      method: "POST",
      headers: { "x-api-key": secret, "content-type": "application/json" },
      body: JSON.stringify({ sourceLocale: "en", targetLocale: "fr", data }),
    });
    // Start closing once the server has begun serving the request.
    for (let i = 0; i < 1000 && !logs.includes('"url":"/process/localize"'); i++)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(logs).toContain('"url":"/process/localize"');
    const closing = server.stop();

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(Object.keys((await response.json()).data)).toHaveLength(20_000);
    await closing;
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });
});

describe("graceful shutdown is bounded by GLOSSA_SHUTDOWN_GRACE_MS", () => {
  it("cuts a request that never completes once the grace period is over", async () => {
    const server = await startTestServer("pglite", { shutdownGraceMs: 300 });
    const { port } = new URL(server.url);
    const seed = await seedOrganization(server.url);
    const { secret } = await createKey(seed.admin, seed.orgId, { name: "slow body" });
    // A request whose body never arrives keeps its connection busy forever. It carries a key the
    // store knows: an unknown one is refused at once, before its body is read (docs/security.md).
    const socket = connect(Number(port), "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(
      `POST /process/localize HTTP/1.1\r\nHost: x\r\nX-API-Key: ${secret}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
    );
    const socketClosed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    socket.on("error", () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));

    const stopped = server.stop().then(() => "stopped");
    const outcome = await Promise.race([
      stopped,
      new Promise((resolve) => setTimeout(() => resolve("still waiting"), 20_000)),
    ]);
    expect(outcome).toBe("stopped");
    await socketClosed;
  });

  it("answers an unknown key at once and closes the connection, whose body never arrives", async () => {
    const server = await startTestServer("pglite");
    try {
      const socket = connect(Number(new URL(server.url).port), "127.0.0.1");
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      let answer = "";
      socket.on("data", (chunk: Buffer) => (answer += chunk.toString("utf8")));
      socket.on("error", () => undefined);
      const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
      socket.write(
        `POST /process/localize HTTP/1.1\r\nHost: x\r\nX-API-Key: ${generateApiKeySecret()}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
      );
      await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer.toLowerCase()).toContain("connection: close");
    } finally {
      await server.stop();
    }
  });
});
