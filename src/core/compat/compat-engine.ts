import type { KeyKind } from "../../contract/vocabulary.js";
import type { EngineReach } from "../authz/model.js";

/** Where the engine of a compatible-API call (DeepL, LibreTranslate) came from. */
export type CompatEngineSource = "path" | "key_scope" | "default";

export interface CompatEngineChoice {
  /** The engine id to look up; null: the organization's default engine. */
  engineId: string | null;
  source: CompatEngineSource;
}

/**
 * The DeepL and LibreTranslate protocols name no engine, so the engine of a call is, in order:
 * the engine pinned in the path (`/engines/:engineId/…`: every tool can set a base URL, few can
 * set headers); else the one engine a service key reaches when its scope is exactly one engine
 * (a key made for one tool answers with that tool's engine); else the organization's default.
 * Whether the key may use the engine chosen is decided afterwards, like for any call.
 */
export function compatEngine(input: {
  pinnedEngineId: string | null;
  keyKind: KeyKind;
  reach: EngineReach;
}): CompatEngineChoice {
  if (input.pinnedEngineId !== null) return { engineId: input.pinnedEngineId, source: "path" };
  if (input.keyKind === "service" && input.reach.kind === "some" && input.reach.engineIds.size === 1) {
    const [only] = input.reach.engineIds;
    return { engineId: only!, source: "key_scope" };
  }
  return { engineId: null, source: "default" };
}
