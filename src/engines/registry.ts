import {
  isKnownProvider,
  PROVIDERS,
  resolveSettings,
  type Credentials,
  type ProviderName,
} from "../core/engines/engine-config.js";
import { anthropicProvider } from "./anthropic/anthropic-provider.js";
import { apertiumProvider } from "./apertium/apertium-provider.js";
import { deeplProvider } from "./deepl/deepl-provider.js";
import { openaiProvider } from "./openai/openai-provider.js";
import type { ProviderContext, ProviderServices } from "./provider-context.js";
import { ProviderError } from "./provider-error.js";
import type { EngineSpec, TranslationProvider } from "./provider.js";
import { pseudoProvider } from "./pseudo/pseudo-provider.js";

export { isKnownProvider, PROVIDERS, type ProviderName };

const FACTORIES: Record<ProviderName, (context: ProviderContext) => TranslationProvider> = {
  pseudo: () => pseudoProvider,
  apertium: apertiumProvider,
  openai: openaiProvider,
  anthropic: anthropicProvider,
  deepl: deeplProvider,
};

export function providerFor(
  engine: EngineSpec,
  credentials: Credentials = {},
  services: ProviderServices = {},
): TranslationProvider {
  if (!isKnownProvider(engine.provider))
    throw new ProviderError("not_configured", `provider "${engine.provider}" is not supported by this server`);
  return FACTORIES[engine.provider]({
    config: engine.config,
    credentials,
    settings: resolveSettings(engine.config),
    engineId: engine.id,
    services,
  });
}
