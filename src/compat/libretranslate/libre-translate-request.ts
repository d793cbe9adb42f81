import { localeOfLibreCode } from "./libre-languages.js";

/** A `POST /translate` as Glossa runs it. */
export interface LibreTranslateRequest {
  texts: string[];
  /** `q` was an array: the answer's fields are arrays too. */
  batch: boolean;
  /** null for `auto`: recognized from the texts. */
  sourceLocale: string | null;
  targetLocale: string;
  format: "text" | "html";
  /** How many alternatives the client asked for (Glossa has one answer: they come back empty). */
  alternatives: number;
}

export type LibreRequestReading<T> = { ok: true; request: T } | { ok: false; message: string };

const refuse = (message: string): { ok: false; message: string } => ({ ok: false, message });
const missing = (name: string) => refuse(`Invalid request: missing ${name} parameter`);

/** `q`: a non-empty string, or a non-empty array of strings (LibreTranslate's `if not q`). */
function readTexts(q: unknown): LibreRequestReading<{ texts: string[]; batch: boolean }> {
  if (q === undefined || q === null || q === "") return missing("q");
  if (typeof q === "string") return { ok: true, request: { texts: [q], batch: false } };
  if (!Array.isArray(q)) return refuse("Invalid request: q must be a string or an array of strings");
  if (q.length === 0) return missing("q");
  if (!q.every((item): item is string => typeof item === "string"))
    return refuse("Invalid request: q must be a string or an array of strings");
  return { ok: true, request: { texts: q, batch: true } };
}

/** `alternatives`: a number or a numeric string (a form field); negative counts as 0, as LibreTranslate's `max(0, …)`. */
function readAlternatives(value: unknown): number | null {
  if (value === undefined || value === null || value === "") return 0;
  const number = typeof value === "number" ? value : typeof value === "string" ? Number(value.trim()) : Number.NaN;
  if (!Number.isInteger(number)) return null;
  return Math.max(0, number);
}

function readLocale(value: unknown, name: string): LibreRequestReading<string> {
  if (typeof value !== "string" || value.trim() === "") return missing(name);
  const locale = localeOfLibreCode(value.trim());
  return locale.ok ? { ok: true, request: locale.locale } : refuse(`${value} is not supported`);
}

/**
 * Reads LibreTranslate's `POST /translate` fields (from JSON or a form) with its own refusals
 * and their wording: every bad input is refused here, before the key is metered or any
 * character reserved.
 */
export function readTranslateRequest(fields: Record<string, unknown>): LibreRequestReading<LibreTranslateRequest> {
  const texts = readTexts(fields.q);
  if (!texts.ok) return texts;
  const sourceField = fields.source;
  if (typeof sourceField !== "string" || sourceField.trim() === "") return missing("source");
  if (typeof fields.target !== "string" || fields.target.trim() === "") return missing("target");
  const alternatives = readAlternatives(fields.alternatives);
  if (alternatives === null) return refuse("Invalid request: alternatives parameter is not a number");
  const auto = sourceField.trim().toLowerCase() === "auto";
  const source = auto ? null : readLocale(sourceField, "source");
  if (source && !source.ok) return source;
  const target = readLocale(fields.target, "target");
  if (!target.ok) return target;
  const format = fields.format === undefined || fields.format === null || fields.format === "" ? "text" : fields.format;
  if (format !== "text" && format !== "html") return refuse(`${String(format)} format is not supported`);
  return {
    ok: true,
    request: {
      ...texts.request,
      sourceLocale: source ? source.request : null,
      targetLocale: target.request,
      format,
      alternatives,
    },
  };
}

/** `POST /detect`: `q` as a non-empty string (or array of strings, detected together). */
export function readDetectRequest(fields: Record<string, unknown>): LibreRequestReading<{ text: string }> {
  const texts = readTexts(fields.q);
  if (!texts.ok) return texts;
  return { ok: true, request: { text: texts.request.texts.join("\n") } };
}

/** The `api_key` field, when it is a non-empty string (the key may come in a header instead). */
export function apiKeyField(fields: Record<string, unknown>): string | undefined {
  const key = fields.api_key;
  return typeof key === "string" && key !== "" ? key : undefined;
}
