import type { UntranslatedString } from "../../contract/process.js";

/**
 * How one locale's result is stored in `job_results.data`: the translated data as JSON, then —
 * only when some strings came back untranslated — a newline and the `untranslated` list as
 * JSON. `JSON.stringify` never writes a raw newline, so the first one separates the two, and a
 * result stored before the list existed (no newline) reads as it always did.
 */
export function encodeJobResult(data: unknown, untranslated: readonly UntranslatedString[] | undefined): string {
  const text = JSON.stringify(data);
  return untranslated && untranslated.length > 0 ? `${text}\n${JSON.stringify(untranslated)}` : text;
}

export function decodeJobResult(text: string): {
  data: Record<string, unknown>;
  untranslated: UntranslatedString[] | undefined;
} {
  const newline = text.indexOf("\n");
  if (newline < 0) return { data: JSON.parse(text) as Record<string, unknown>, untranslated: undefined };
  return {
    data: JSON.parse(text.slice(0, newline)) as Record<string, unknown>,
    untranslated: JSON.parse(text.slice(newline + 1)) as UntranslatedString[],
  };
}
