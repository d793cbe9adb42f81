/** A TMX file larger than this is imported as a job (docs/DECISIONS.md "TMX imports as jobs"). */
export const ASYNC_IMPORT_THRESHOLD_BYTES = 5 * 1024 * 1024;

export interface ImportRequestFacts {
  /** The request's `Content-Length`, when it declared one. */
  contentLength: number | null;
  /** `?async=true` / `?async=false`, when given. */
  asyncParam: boolean | undefined;
  /** The request's `Prefer` header. */
  prefer: string | undefined;
}

/** Whether a `Prefer` header (RFC 7240) asks for `respond-async`. */
export function prefersAsync(prefer: string | undefined): boolean {
  if (!prefer) return false;
  return prefer.split(",").some((preference) => preference.split(";")[0]!.trim().toLowerCase() === "respond-async");
}

/**
 * How a TMX import runs: `async` (202 and a job) when the client asks for it (`?async=true` or
 * `Prefer: respond-async`) or the declared body is larger than the threshold; otherwise `sync`
 * (200 with the report, the file parsed as it arrives). `?async=false` keeps any size
 * synchronous. A body without a length (chunked) stays synchronous unless asked.
 */
export function importMode(facts: ImportRequestFacts): "sync" | "async" {
  if (facts.asyncParam !== undefined) return facts.asyncParam ? "async" : "sync";
  if (prefersAsync(facts.prefer)) return "async";
  return facts.contentLength !== null && facts.contentLength > ASYNC_IMPORT_THRESHOLD_BYTES ? "async" : "sync";
}
