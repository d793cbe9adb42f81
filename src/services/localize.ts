import { authorizeEngine } from "../core/authz/authorize-key.js";
import { collectStrings, replaceStrings, type JsonValue } from "../core/content/walk-strings.js";
import { ensure, AppError } from "../core/errors/app-error.js";
import { providerFor } from "../engines/registry.js";
import type { KeyPrincipal } from "./key-auth.js";

export interface LocalizeRequest {
  engineId: string | null;
  sourceLocale: string;
  targetLocale: string;
  data: Record<string, JsonValue>;
  hints: Record<string, string[]> | undefined;
}

export interface LocalizeResponse {
  sourceLocale: string;
  targetLocale: string;
  data: Record<string, JsonValue>;
  model?: string;
  usage?: { inputTokens: number; outputTokens: number };
}

/** Hints are keyed by a leaf's dotted path, or by its top-level key for a whole subtree. */
function hintsFor(hints: Record<string, string[]> | undefined, path: (string | number)[]): string[] | undefined {
  if (!hints) return undefined;
  const dotted = path.join(".");
  if (Object.hasOwn(hints, dotted)) return hints[dotted];
  const top = String(path[0]);
  return Object.hasOwn(hints, top) ? hints[top] : undefined;
}

export async function localize(principal: KeyPrincipal, request: LocalizeRequest): Promise<LocalizeResponse> {
  ensure(authorizeEngine(principal.reach, principal.engine, request.engineId));
  const engine = principal.engine!;
  const leaves = collectStrings(request.data);
  const base = { sourceLocale: request.sourceLocale, targetLocale: request.targetLocale };
  if (leaves.length === 0) return { ...base, data: replaceStrings(request.data, []) };

  let output;
  try {
    output = await providerFor(engine).translate({
      sourceLocale: request.sourceLocale,
      targetLocale: request.targetLocale,
      texts: leaves.map((leaf) => leaf.value),
      hints: leaves.map((leaf) => hintsFor(request.hints, leaf.path)),
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(502, "engine_failed", `Engine ${engine.id} (${engine.provider}) failed to translate.`, {});
  }
  if (output.texts.length !== leaves.length) {
    throw new AppError(502, "engine_failed", `Engine ${engine.id} (${engine.provider}) returned ${output.texts.length} strings for ${leaves.length}.`);
  }
  return {
    ...base,
    data: replaceStrings(request.data, output.texts),
    ...(output.model ? { model: output.model } : {}),
    ...(output.usage ? { usage: output.usage } : {}),
  };
}
