import { connect } from "node:net";
import { Readable } from "node:stream";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_STRINGS_PER_REQUEST, registerJsonBody } from "../../src/http/plugins/json-body.js";
import { registerProblemErrors } from "../../src/http/plugins/problem-errors.js";

const MiB = 1024 * 1024;
const ROUTE_LIMIT = 8 * MiB;

/** Issue 40: JSON bodies are read as a stream, decoded chunk by chunk, limited and parsed as they arrive. */
describe("reading JSON bodies as they arrive", () => {
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    app = Fastify({ bodyLimit: MiB });
    registerProblemErrors(app);
    registerJsonBody(app);
    app.post("/echo", { bodyLimit: ROUTE_LIMIT }, async (request) => ({ body: request.body ?? null }));
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => app?.close());

  /** Sends `head` then each part of the body in turn; resolves with all the server wrote once it closes. */
  function exchange(head: string, parts: readonly (string | Buffer)[] = []): Promise<string> {
    return new Promise((resolve) => {
      const socket = connect(port, "127.0.0.1");
      let answer = "";
      socket.on("data", (chunk) => (answer += chunk.toString("utf8")));
      socket.on("error", () => undefined);
      socket.on("close", () => resolve(answer));
      socket.write(head);
      for (const part of parts) socket.write(part);
    });
  }
  const problemOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)) as { code: string };

  /** A body in chunks of `base` + one to three bytes, so that multi-byte characters arrive split. */
  const trickled = (text: string, base = 0) => {
    const bytes = Buffer.from(text);
    const chunks: Buffer[] = [];
    for (let at = 0, size = base + 1; at < bytes.length; at += size, size = base + ((size - base) % 3) + 1)
      chunks.push(bytes.subarray(at, at + size));
    return Readable.from(chunks);
  };

  it("decodes a body split in chunks of one to three bytes (multi-byte characters cut between chunks)", async () => {
    const value = { text: "é 中文 😀 ä€𝄞", list: ["ñ".repeat(100), "\u00e9\\u00e9"] };
    const response = await app.inject({
      method: "POST",
      url: "/echo",
      headers: { "content-type": "application/json" },
      payload: trickled(JSON.stringify(value)),
    });
    expect(response.json()).toEqual({ body: value });
  });

  it("decodes a large body (parsed incrementally) split the same way", async () => {
    const data = Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`k${i}`, `é中😀 ${i} "q" \\ \n`]));
    const text = JSON.stringify({ data });
    expect(text.length).toBeGreaterThan(MiB);
    const response = await app.inject({
      method: "POST",
      url: "/echo",
      headers: { "content-type": "application/json; charset=utf-8" },
      payload: trickled(text, 1000),
    });
    expect(response.json()).toEqual({ body: { data } });
  });

  it("an empty body and a body of spaces parse to nothing; invalid JSON is 400", async () => {
    const answers = await Promise.all(
      ["", "  \n ", "{x"].map((payload) =>
        app.inject({ method: "POST", url: "/echo", headers: { "content-type": "application/json" }, payload }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 400]);
    expect(answers[0]!.json()).toEqual({ body: null });
    expect(answers[2]!.json()).toMatchObject({ code: "invalid_request", message: "The body is not valid JSON." });
  });

  it("refuses a body over the strings cap with 413 while the client still has bytes to send", async () => {
    let text = '{"data":{';
    for (let i = 0; i <= MAX_STRINGS_PER_REQUEST + 10_000; i++) text += `"k${i}":"v",`;
    expect(text.length).toBeGreaterThan(MiB);
    // The body is announced whole but only its first part is sent: only an answer before the end ends this wait.
    const answer = await exchange(
      `POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${ROUTE_LIMIT}\r\n\r\n`,
      [text],
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain("connection: close");
    expect(problemOf(answer)).toMatchObject({ code: "payload_too_large" });
  });

  it("refuses a Content-Length over the route's limit at once, before any of the body is sent", async () => {
    const answer = await exchange(
      `POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${ROUTE_LIMIT + 1}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(problemOf(answer)).toMatchObject({ code: "payload_too_large" });
    expect(JSON.stringify(problemOf(answer))).toContain("8 MiB");
  });

  it("refuses a chunked body as soon as it passes the route's limit", async () => {
    const chunk = Buffer.alloc(MiB, " ");
    const framed = `${chunk.length.toString(16)}\r\n`;
    const parts: (string | Buffer)[] = ["[\r\n"];
    // Nine MiB of spaces in chunks; the terminating chunk is never sent.
    for (let i = 0; i < 9; i++) parts.push(framed, chunk, "\r\n");
    const answer = await exchange(
      "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n",
      parts,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(problemOf(answer)).toMatchObject({ code: "payload_too_large" });
  });

  it("reads a chunked body within the limit whole", async () => {
    const body = JSON.stringify({ a: "é".repeat(1000) });
    const bytes = Buffer.from(body);
    const half = 1001; // inside a two-byte character
    const chunked = [bytes.subarray(0, half), bytes.subarray(half)]
      .map((part) => Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from("\r\n")]))
      .concat(Buffer.from("0\r\n\r\n"));
    const answer = await exchange(
      "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
      chunked,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain(JSON.stringify({ body: JSON.parse(body) }));
  });
});
