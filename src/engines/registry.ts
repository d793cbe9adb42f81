import { resolveSettings } from "../core/engines/engine-config.js";
import type { Credentials } from "../core/engines/credentials.js";
import { anthropic } from "./anthropic/anthropic-descriptor.js";
import { apertium } from "./apertium/apertium-descriptor.js";
import { deepl } from "./deepl/deepl-descriptor.js";
import { openai } from "./openai/openai-descriptor.js";
import type { ProviderServices } from "./provider-context.js";
import type { ProviderDescriptor } from "./provider-descriptor.js";
import { ProviderError } from "./provider-error.js";
import type { EngineSpec, TranslationProvider } from "./provider.js";
import { pseudo } from "./pseudo/pseudo-descriptor.js";

/** Every provider this server supports: a new one is its folder and an entry here. */
export const PROVIDERS: readonly ProviderDescriptor[] = [pseudo, apertium, openai, anthropic, deepl];

/** The descriptor of the provider called `name`, if this server supports it. */
export function providerNamed(name: string): ProviderDescriptor | undefined {
  return PROVIDERS.find((provider) => provider.name === name);
}

export function providerFor(
  engine: EngineSpec,
  credentials: Credentials = {},
  services: ProviderServices = {},
): TranslationProvider {
  const descriptor = providerNamed(engine.provider);
  if (!descriptor)
    throw new ProviderError("not_configured", `provider "${engine.provider}" is not supported by this server`);
  return descriptor.create({
    config: engine.config,
    credentials,
    settings: resolveSettings(engine.config, descriptor),
    engineId: engine.id,
    services,
  });
}
