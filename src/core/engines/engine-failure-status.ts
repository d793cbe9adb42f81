/**
 * The status of an exhausted engine, from the kind of each model's failure (docs/lingo-sdk.md, "Errors and retries"). Glossa has
 * already retried every provider call, and the Lingo.dev SDK retries every 5xx three more times,
 * each re-running those retries: so 422 (do not retry) unless every model was only rate limited,
 * a condition that passes by itself, which stays 502 (a retry may help).
 */
export function engineFailureStatus(kinds: readonly string[]): 422 | 502 {
  const transient = kinds.length > 0 && kinds.every((kind) => kind === "rate_limited");
  return transient ? 502 : 422;
}
