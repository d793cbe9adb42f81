import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

export interface StubReply {
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
}

export interface StubServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** A provider stand-in on 127.0.0.1: records every request and answers with `handler`'s reply. */
export async function startStub(
  handler: (request: RecordedRequest, index: number) => StubReply | Promise<StubReply>,
): Promise<StubServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // keep the raw text
      }
      const recorded = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body };
      requests.push(recorded);
      const reply = await handler(recorded, requests.length - 1);
      res.writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers });
      res.end(typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The items Glossa sent in an LLM prompt (the user message is JSON). */
export function promptItems(userMessage: string): { id: string; text: string; context?: string[] }[] {
  return JSON.parse(userMessage).items;
}

/** An OpenAI chat-completions answer translating each item with `translate`. */
export function openaiAnswer(
  items: { id: string; text: string }[],
  translate: (text: string) => string,
  usage = { prompt_tokens: 10, completion_tokens: 5 },
) {
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 1,
    model: "stub",
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: JSON.stringify({ translations: items.map((item) => ({ id: item.id, text: translate(item.text) })) }),
          refusal: null,
        },
        finish_reason: "stop",
      },
    ],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}
