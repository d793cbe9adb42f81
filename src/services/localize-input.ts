import { collectStrings, type JsonValue } from "../core/content/walk-strings.js";
import { AppError } from "../core/errors/app-error.js";
import { localeProblemHint } from "../core/locale/check-locale.js";
import { checkedLocale } from "../core/locale/normalize-locale.js";
import type { LocalizeRequest } from "./localize.js";
import { recognizeLocale } from "./recognize-locale.js";

/** A localize call as it arrives, over HTTP (docs/api.md#localization), MCP or the Lingo.dev wire format. */
export interface LocalizeInput {
  engineId?: string | null | undefined;
  sourceLocale: string | null;
  targetLocale: string;
  data: object;
  hints?: Record<string, string[]> | undefined;
  reference?: Record<string, unknown> | undefined;
}

/** A localize request whose source locale may still have to be recognized from its strings. */
export type PendingLocalizeRequest = Omit<LocalizeRequest, "sourceLocale"> & { sourceLocale: string | null };

/** A BCP-47 locale normalised as the contract asks and known to CLDR, or 400 `invalid_request` naming the field. */
export function requireLocale(value: string, field: string): string {
  const checked = checkedLocale(value);
  if (!checked.ok)
    throw AppError.invalidRequest(`${field} is not a valid BCP-47 locale.`, [
      { path: `/${field}`, message: localeProblemHint(checked) },
    ]);
  return checked.locale;
}

/** Normalises the locales (docs/api.md#localization) or throws 400 `invalid_request`; cheap, so it runs before the key check. */
export function normalizeLocalizeInput(input: LocalizeInput): PendingLocalizeRequest {
  return {
    engineId: input.engineId ?? null,
    sourceLocale: input.sourceLocale === null ? null : requireLocale(input.sourceLocale, "sourceLocale"),
    targetLocale: requireLocale(input.targetLocale, "targetLocale"),
    data: input.data as Record<string, JsonValue>,
    hints: input.hints,
    reference: input.reference,
  };
}

/** A null source locale is recognized from the request's strings; 400 when they reveal no language. */
export async function resolveSourceLocale(request: PendingLocalizeRequest): Promise<LocalizeRequest> {
  if (request.sourceLocale !== null) return { ...request, sourceLocale: request.sourceLocale };
  const text = collectStrings(request.data)
    .map((leaf) => leaf.value)
    .join("\n");
  const recognized = text.trim() === "" ? null : (await recognizeLocale(text)).locale;
  if (!recognized) {
    throw AppError.invalidRequest(
      "sourceLocale is null and the language of the strings could not be recognized; send a sourceLocale.",
      [{ path: "/sourceLocale", message: "could not be recognized from data" }],
    );
  }
  return { ...request, sourceLocale: recognized };
}
