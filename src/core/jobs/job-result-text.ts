import type { QualityCheck, UntranslatedString } from "../../contract/process.js";

/**
 * How one locale's result is stored in `job_results.data`: the translated data as JSON, then —
 * only when some strings came back untranslated or the quality checks found something — a
 * newline and the `untranslated` list as JSON (`[]` when none), then, when there are findings,
 * a newline and the `checks` list. `JSON.stringify` never writes a raw newline, so newlines
 * separate the parts, and a result stored before either list existed reads as it always did.
 */
export function encodeJobResult(
  data: unknown,
  untranslated: readonly UntranslatedString[] | undefined,
  checks?: readonly QualityCheck[] | undefined,
): string {
  const text = JSON.stringify(data);
  const hasChecks = checks !== undefined && checks.length > 0;
  if (!hasChecks) return untranslated && untranslated.length > 0 ? `${text}\n${JSON.stringify(untranslated)}` : text;
  return `${text}\n${JSON.stringify(untranslated ?? [])}\n${JSON.stringify(checks)}`;
}

export function decodeJobResult(text: string): {
  data: Record<string, unknown>;
  untranslated: UntranslatedString[] | undefined;
  checks?: QualityCheck[];
} {
  const [data, untranslated, checks] = text.split("\n");
  const listed = untranslated === undefined ? [] : (JSON.parse(untranslated) as UntranslatedString[]);
  return {
    data: JSON.parse(data!) as Record<string, unknown>,
    untranslated: listed.length > 0 ? listed : undefined,
    ...(checks === undefined ? {} : { checks: JSON.parse(checks) as QualityCheck[] }),
  };
}
