/**
 * Where a provider's own error text goes instead of to the caller (issue 13: a base URL pointed
 * at an internal service must not read that service back). The server points it at its logger.
 */
export type ProviderDetailSink = (entry: { host: string; status: number; detail: string }) => void;

let sink: ProviderDetailSink = () => undefined;

export function setProviderDetailSink(next: ProviderDetailSink): void {
  sink = next;
}

export function logProviderDetail(entry: { host: string; status: number; detail: string }): void {
  sink(entry);
}
