import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The client address of the request being served, for the audit log. Carried by the async
 * context rather than through every use case's parameters: audit() is the only reader, and a
 * use case run outside a request (CLI, bootstrap) simply records none.
 */
const requestStore = new AsyncLocalStorage<{ clientAddress: string }>();

export function runForClient<T>(clientAddress: string, work: () => T): T {
  return requestStore.run({ clientAddress }, work);
}

export function currentClientAddress(): string | null {
  return requestStore.getStore()?.clientAddress ?? null;
}
