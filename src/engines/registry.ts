import { AppError } from "../core/errors/app-error.js";
import type { EngineSpec, TranslationProvider } from "./provider.js";
import { pseudoProvider } from "./pseudo/pseudo-provider.js";

export const PROVIDERS = ["pseudo"] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export function isKnownProvider(name: string): name is ProviderName {
  return (PROVIDERS as readonly string[]).includes(name);
}

export function providerFor(engine: EngineSpec): TranslationProvider {
  switch (engine.provider) {
    case "pseudo":
      return pseudoProvider;
    default:
      throw new AppError(502, "engine_failed", `Engine ${engine.id} uses provider "${engine.provider}", which this server does not support.`);
  }
}
