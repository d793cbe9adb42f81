import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { Agent, fetch as undiciFetch, type Dispatcher, type RequestInit, type Response } from "undici";
import { isAllowedDestination, isIpLiteral, type AddressPolicy } from "../../core/net/address-policy.js";

/** The destination resolved to an address the policy refuses; nothing was sent. */
export class OutboundRefusedError extends Error {
  constructor(readonly host: string) {
    super(`refused to connect to ${host}: it is not a public address`);
    this.name = "OutboundRefusedError";
  }
}

const bareHost = (hostname: string) =>
  hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;

/**
 * A DNS lookup that refuses the connection when any address the name resolves to is refused by
 * the policy. It runs at connect time, on the very addresses the socket will use, so a name that
 * resolves to a public address when checked and to 127.0.0.1 when used (DNS rebinding) is refused.
 */
export function guardedLookup(policy: AddressPolicy, resolve: typeof dnsLookup = dnsLookup): LookupFunction {
  return ((hostname: string, options: { all?: boolean; family?: number }, callback: (...args: unknown[]) => void) => {
    resolve(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error);
      if (addresses.length === 0 || addresses.some(({ address }) => !isAllowedDestination(policy, hostname, address)))
        return callback(new OutboundRefusedError(hostname));
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  }) as LookupFunction;
}

/**
 * One agent per policy (and per stand-in resolver in tests): its connections are kept alive and
 * reused per destination, and the guarded lookup runs for every new connection it opens.
 */
const agents = new WeakMap<AddressPolicy, Map<typeof dnsLookup, Agent>>();

function agentFor(policy: AddressPolicy, resolve: typeof dnsLookup = dnsLookup): Agent {
  let byResolver = agents.get(policy);
  if (!byResolver) agents.set(policy, (byResolver = new Map()));
  let agent = byResolver.get(resolve);
  if (!agent) {
    agent = new Agent({ connect: { lookup: guardedLookup(policy, resolve) } });
    byResolver.set(resolve, agent);
  }
  return agent;
}

/** Throws OutboundRefusedError when the URL names an IP literal the policy refuses (no lookup runs for those). */
export function checkLiteralHost(url: URL, policy: AddressPolicy): void {
  const host = bareHost(url.hostname);
  if (isIpLiteral(host) && !isAllowedDestination(policy, host, host)) throw new OutboundRefusedError(url.hostname);
}

export interface OutboundRequest extends Omit<RequestInit, "dispatcher" | "redirect"> {
  policy: AddressPolicy;
  /** Tests stand in for DNS with this. */
  resolve?: typeof dnsLookup;
}

/**
 * fetch for requests to addresses other people chose (engine base URLs, webhook endpoints): the
 * resolved address is checked at connect time and redirects are never followed (a 3xx comes back
 * as it is; callers treat it as a failure), so a redirect cannot lead to a refused address either.
 */
export async function outboundFetch(url: string, { policy, resolve, ...init }: OutboundRequest): Promise<Response> {
  const parsed = new URL(url);
  checkLiteralHost(parsed, policy);
  try {
    return await undiciFetch(parsed, { ...init, redirect: "manual", dispatcher: agentFor(policy, resolve) });
  } catch (error) {
    // undici wraps connect errors in a TypeError("fetch failed") with the cause attached.
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof OutboundRefusedError) throw cause;
    throw error;
  }
}

export interface OutboundPost {
  policy: AddressPolicy;
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
  /** Tests stand in for DNS with this. */
  resolve?: typeof dnsLookup;
}

/**
 * A POST to an address other people chose, on the same guarded connections as
 * {@link outboundFetch} (resolved address checked at connect time, kept alive and reused per
 * destination) through undici's plain request API: no WHATWG streams, a fraction of fetch's
 * cost per request, for the webhook deliveries that are sent by the thousand. Redirects are never
 * followed. Connection errors are thrown as they are (an `OutboundRefusedError` for a refused address).
 */
export async function outboundPost(
  url: string,
  { policy, resolve, ...init }: OutboundPost,
): Promise<Dispatcher.ResponseData> {
  const parsed = new URL(url);
  checkLiteralHost(parsed, policy);
  return agentFor(policy, resolve).request({
    origin: parsed.origin,
    path: parsed.pathname + parsed.search,
    method: "POST",
    ...init,
  });
}

/** Resolves the URL's host now and throws OutboundRefusedError when the policy refuses an address (checks at creation). */
export async function checkDestination(url: string, policy: AddressPolicy, resolve: typeof dnsLookup = dnsLookup) {
  const parsed = new URL(url);
  checkLiteralHost(parsed, policy);
  const host = bareHost(parsed.hostname);
  if (isIpLiteral(host)) return;
  const addresses = await new Promise<LookupAddress[]>((done, fail) =>
    resolve(host, { all: true }, (error, found: LookupAddress[]) => (error ? fail(error) : done(found))),
  );
  if (addresses.some(({ address }) => !isAllowedDestination(policy, host, address)))
    throw new OutboundRefusedError(parsed.hostname);
}
