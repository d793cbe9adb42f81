/**
 * What the engine form knows about each provider (mirrors src/core/engines/engine-config.ts and
 * docs/engines.md): which credential field it takes and a small valid example configuration.
 * Providers the dashboard does not know still work through the generic JSON textarea.
 */

export interface CredentialField {
  /** The key inside `credentials`, e.g. `apiKey`. */
  name: "apiKey" | "authKey";
  /** The input's label. */
  label: string;
  /** False when the provider works without one (local OpenAI-compatible servers). */
  required: boolean;
}

const CREDENTIAL_FIELDS: Record<string, CredentialField> = {
  openai: { name: "apiKey", label: "API key", required: false },
  anthropic: { name: "apiKey", label: "API key", required: true },
  deepl: { name: "authKey", label: "Auth key", required: true },
};

const EXAMPLE_CONFIGS: Record<string, Record<string, unknown>> = {
  pseudo: {},
  apertium: { glossary: [{ type: "non_translatable", term: "Glossa" }] },
  openai: {
    baseUrl: "https://api.openai.com/v1",
    models: [{ sourceLocale: "*", targetLocale: "*", model: "gpt-4o-mini", rank: 0 }],
  },
  anthropic: {
    models: [{ sourceLocale: "*", targetLocale: "*", model: "claude-haiku-4-5", rank: 0 }],
    maxTokens: 8192,
  },
  deepl: { formality: "default", models: [{ model: "default", rank: 0 }] },
};

/** The credential input a provider needs, or null when it takes none. */
export function credentialField(provider: string): CredentialField | null {
  return CREDENTIAL_FIELDS[provider] ?? null;
}

/** The example configuration shown when a provider is picked on create, as pretty JSON. */
export function exampleConfigText(provider: string): string {
  return JSON.stringify(EXAMPLE_CONFIGS[provider] ?? {}, null, 2);
}

/** "2 models · 1 glossary entry · 1 instruction" for the engine list; empty when there is nothing to count. */
export function configSummary(config: Record<string, unknown>): string {
  const count = (field: string) => (Array.isArray(config[field]) ? (config[field] as unknown[]).length : 0);
  const parts: [number, string, string][] = [
    [count("models"), "model", "models"],
    [count("glossary"), "glossary entry", "glossary entries"],
    [count("instructions"), "instruction", "instructions"],
    [count("brandVoice"), "brand voice text", "brand voice texts"],
  ];
  return parts
    .filter(([value]) => value > 0)
    .map(([value, one, many]) => `${value} ${value === 1 ? one : many}`)
    .join(" · ");
}
