import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A webhook receiver on loopback that checks every request with its own implementation of the
 * Standard Webhooks scheme, written from the specification (standardwebhooks.com), not from
 * Glossa's code: the signed content is `${webhook-id}.${webhook-timestamp}.${body}`, the key is
 * the base64-decoded part of the secret after `whsec_`, the header holds space-separated
 * `v1,<base64 HMAC-SHA256>` signatures, any of which may match, and the timestamp must be within
 * five minutes of now.
 */
export interface ReceivedWebhook {
  id: string;
  timestamp: number;
  headers: IncomingHttpHeaders;
  raw: string;
  body: { type: string; timestamp: string; data: Record<string, unknown> };
  /** Whether the signature verified against the receiver's secret. */
  verified: boolean;
}

export function verifyStandardWebhook(secret: string, headers: IncomingHttpHeaders, raw: string): boolean {
  const id = headers["webhook-id"];
  const timestamp = headers["webhook-timestamp"];
  const signatures = headers["webhook-signature"];
  if (typeof id !== "string" || typeof timestamp !== "string" || typeof signatures !== "string") return false;
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  if (!secret.startsWith("whsec_")) return false;
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${raw}`).digest();
  return signatures.split(" ").some((entry) => {
    const [version, signature] = entry.split(",");
    if (version !== "v1" || !signature) return false;
    const given = Buffer.from(signature, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Set once the webhook is created: the secret the receiver verifies with. */
  secret: string;
  /** The status to answer with for the nth request (0-based); 200 by default. */
  statusFor: (index: number) => number;
  waitFor(predicate: (received: ReceivedWebhook[]) => boolean, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: "",
    received: [],
    secret: "",
    statusFor: () => 200,
    async waitFor(predicate, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(receiver.received)) {
        if (Date.now() > deadline)
          throw new Error(`timed out; received: ${receiver.received.map((r) => r.body?.type).join(", ")}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return receiver.received;
    },
    close: async () => undefined,
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const index = receiver.received.length;
      let body: ReceivedWebhook["body"];
      try {
        body = JSON.parse(raw) as ReceivedWebhook["body"];
      } catch {
        body = { type: "(not json)", timestamp: "", data: {} };
      }
      receiver.received.push({
        id: String(req.headers["webhook-id"]),
        timestamp: Number(req.headers["webhook-timestamp"]),
        headers: req.headers,
        raw,
        body,
        verified: verifyStandardWebhook(receiver.secret, req.headers, raw),
      });
      res.writeHead(receiver.statusFor(index), { "content-type": "text/plain" }).end(`reply ${index}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}
