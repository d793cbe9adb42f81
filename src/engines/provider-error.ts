/**
 * Why a provider call failed, in words a user can act on. Messages never contain
 * credentials or raw provider responses beyond a short, redacted error description.
 */
export type ProviderFailure =
  | "auth"
  | "rate_limited"
  | "quota_exceeded"
  | "server"
  | "timeout"
  | "unreachable"
  | "rejected"
  | "invalid_output"
  | "not_configured";

export class ProviderError extends Error {
  /** The provider's own (redacted) error text: for the logs, never for the caller. */
  detail?: string;

  constructor(
    readonly failure: ProviderFailure,
    message: string,
    /** The provider's HTTP status, when it answered with an error. */
    readonly status?: number,
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

/** For providers that need a configured model: none of `config.models` applies to the pair. */
export async function noConfiguredModel(sourceLocale: string, targetLocale: string): Promise<never> {
  throw new UnsupportedPairError(
    `The engine has no model for ${sourceLocale} → ${targetLocale}; add one to config.models (targetLocale "*" matches every locale).`,
  );
}
