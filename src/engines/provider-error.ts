/**
 * Why a provider call failed, in words a user can act on. Messages never contain
 * credentials or raw provider responses beyond a short, redacted error description.
 */
export type ProviderFailure = "auth" | "rate_limited" | "server" | "timeout" | "unreachable" | "rejected" | "invalid_output" | "not_configured";

export class ProviderError extends Error {
  constructor(
    readonly failure: ProviderFailure,
    message: string,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

/** The locale pair cannot be served by this engine at all; no fallback will help (422). */
export class UnsupportedPairError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnsupportedPairError";
  }
}
