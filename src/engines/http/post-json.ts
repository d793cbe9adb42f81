import {
  isRetryableStatus,
  parseRetryAfterMs,
  retryDelayMs,
  type RetryPolicy,
} from "../../core/engines/retry-delay.js";
import { OutboundRefusedError, outboundPost } from "../../security/outbound/guarded-fetch.js";
import { engineAddressPolicy } from "../../security/outbound/engine-policy.js";
import { ProviderError } from "../provider-error.js";
import { logProviderDetail } from "./provider-detail-log.js";
import { PROVIDER_USER_AGENT } from "./user-agent.js";

export interface PostJsonOptions {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  timeoutMs: number;
  retry: RetryPolicy;
  signal?: AbortSignal | undefined;
  /** Secrets to scrub from any provider message we repeat. */
  secrets: readonly string[];
  /** Called before each request sent again (metrics). */
  onRetry?: (() => void) | undefined;
}

/** Providers answer with far less; anything bigger is not a translation of our chunk. */
const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

interface BodyResponse {
  headers: { get(name: string): string | null };
  body: AsyncIterable<Uint8Array> | { cancel?(): Promise<void>; destroy?(): void } | null;
}

const headerValue = (value: string | string[] | undefined): string | null =>
  value === undefined ? null : Array.isArray(value) ? (value[0] ?? null) : value;

async function readBounded(response: BodyResponse): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > MAX_RESPONSE_BYTES) {
    const body = response.body as { cancel?: () => Promise<void>; destroy?: () => void } | null;
    if (body?.cancel) await body.cancel();
    else body?.destroy?.();
    throw new ProviderError("invalid_output", "the provider's answer is too large");
  }
  if (!response.body) return "";
  const decoder = new TextDecoder();
  let size = 0;
  let text = "";
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_RESPONSE_BYTES) throw new ProviderError("invalid_output", "the provider's answer is too large");
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/** A short, redacted description from a provider's error body (`error.message`, `message`). */
function providerMessage(body: string, secrets: readonly string[]): string {
  let message = "";
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const candidate = typeof parsed.error === "string" ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof candidate === "string") message = candidate;
  } catch {
    return "";
  }
  for (const secret of secrets) if (secret) message = message.split(secret).join("[redacted]");
  return message.replace(/\s+/g, " ").slice(0, 200);
}

/**
 * The provider's own words stay in `detail` (logged with the error), never in the message a caller
 * reads: a base URL pointed at an internal service would otherwise read that service to the caller.
 */
function failureFor(status: number, detail: string): ProviderError {
  const failure = failureForStatus(status);
  if (detail) failure.detail = detail;
  return failure;
}

function failureForStatus(status: number): ProviderError {
  if (status === 401 || status === 403)
    return new ProviderError(
      "auth",
      `the provider rejected the credentials (HTTP ${status}); check the engine's API key`,
    );
  if (status === 429) return new ProviderError("rate_limited", `rate limited or out of quota (HTTP 429) after retries`);
  // DeepL's own status: the account's character quota for the billing period is used up; it will not clear soon.
  if (status === 456)
    return new ProviderError(
      "quota_exceeded",
      "the DeepL account's character quota for this billing period is used up (HTTP 456); raise the account's cost control limit or plan at DeepL, or wait for the next billing period",
      status,
    );
  if (status >= 500) return new ProviderError("server", `the provider failed (HTTP ${status}) after retries`);
  if (status >= 300 && status < 400)
    return new ProviderError(
      "rejected",
      `the provider answered with a redirect (HTTP ${status}), which is not followed`,
      status,
    );
  return new ProviderError("rejected", `the provider rejected the request (HTTP ${status})`, status);
}

export function refusedDestination(): ProviderError {
  return new ProviderError(
    "unreachable",
    "the engine's address is a private, local or link-local address; an instance admin may allow it with GLOSSA_ENGINE_ALLOWED_HOSTS",
  );
}

/**
 * POSTs JSON and returns the parsed JSON answer. Retries timeouts, network errors, 429 and
 * 5xx with exponential backoff and jitter, honouring `Retry-After`.
 */
export async function postJson(options: PostJsonOptions): Promise<unknown> {
  const payload = JSON.stringify(options.body);
  for (let attempt = 1; ; attempt++) {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let failure: ProviderError;
    let retryAfterMs: number | null = null;
    try {
      // undici's request API rather than fetch: no WHATWG streams, a fraction of fetch's CPU per
      // call, which counts when hundreds of calls wait on a slow model at once (docs/performance.md).
      const answer = await outboundPost(options.url, {
        policy: engineAddressPolicy(),
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          "user-agent": PROVIDER_USER_AGENT,
          ...options.headers,
        },
        body: payload,
        signal,
      });
      const response = {
        status: answer.statusCode,
        ok: answer.statusCode >= 200 && answer.statusCode < 300,
        headers: { get: (name: string) => headerValue(answer.headers[name]) },
        body: answer.body,
      };
      const text = await readBounded(response);
      if (response.ok) {
        try {
          return JSON.parse(text);
        } catch {
          throw new ProviderError("invalid_output", "the provider answered with invalid JSON");
        }
      }
      failure = failureFor(response.status, providerMessage(text, options.secrets));
      if (failure.detail)
        logProviderDetail({ host: new URL(options.url).host, status: response.status, detail: failure.detail });
      if (!isRetryableStatus(response.status)) throw failure;
      retryAfterMs = parseRetryAfterMs(response.headers.get("retry-after"), Date.now());
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      if (error instanceof OutboundRefusedError) throw refusedDestination();
      if (options.signal?.aborted) throw options.signal.reason;
      failure = timeout.aborted
        ? new ProviderError("timeout", `no answer within ${options.timeoutMs} ms`)
        : new ProviderError("unreachable", `could not reach ${new URL(options.url).host}`);
    }
    const delay =
      attempt <= options.retry.maxRetries ? retryDelayMs(attempt, retryAfterMs, options.retry, Math.random) : null;
    if (delay === null) throw failure;
    await sleep(delay, options.signal);
    options.onRetry?.();
  }
}
