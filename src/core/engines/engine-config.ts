import { Type, type Static, type TObject, type TProperties, type TSchema } from "typebox";
import { Value } from "typebox/value";
import type { FieldError } from "../errors/app-error.js";
import { normalizeLocale } from "../locale/normalize-locale.js";
import type { GlossaryItem } from "./glossary-item.js";
import type { ModelRoute } from "./rank-models.js";

/**
 * Engine configuration (public, stored as JSON): the settings every provider shares and the
 * validation of a whole configuration. Each provider adds its own settings in its descriptor
 * (src/engines/<name>/). Defaults are applied by `resolveSettings`, not stored.
 */
const LocaleOrAny = Type.String({ minLength: 1, maxLength: 64, description: "BCP-47 locale or `*`" });
const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength });

const ModelRouteSchema = Type.Object(
  {
    sourceLocale: Type.Optional(LocaleOrAny),
    targetLocale: Type.Optional(LocaleOrAny),
    model: Text(200),
    rank: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  },
  { additionalProperties: false },
);
const GlossaryScope = {
  sourceLocale: Type.Optional(LocaleOrAny),
  targetLocale: Type.Optional(LocaleOrAny),
  caseSensitive: Type.Optional(Type.Boolean()),
};
const GlossarySchema = Type.Union([
  Type.Object(
    { type: Type.Literal("custom_translation"), term: Text(200), translation: Text(200), ...GlossaryScope },
    { additionalProperties: false },
  ),
  Type.Object(
    { type: Type.Literal("non_translatable"), term: Text(200), ...GlossaryScope },
    { additionalProperties: false },
  ),
]);
const LocaleTextSchema = Type.Object(
  { targetLocale: Type.Optional(LocaleOrAny), text: Text(4000) },
  { additionalProperties: false },
);

const Common = {
  models: Type.Optional(Type.Array(ModelRouteSchema, { maxItems: 100 })),
  glossary: Type.Optional(Type.Array(GlossarySchema, { maxItems: 2000 })),
  instructions: Type.Optional(Type.Array(LocaleTextSchema, { maxItems: 100 })),
  brandVoice: Type.Optional(Type.Array(LocaleTextSchema, { maxItems: 100 })),
  chunking: Type.Optional(
    Type.Object(
      {
        maxItems: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
        maxWords: Type.Optional(Type.Integer({ minimum: 1, maximum: 50_000 })),
        concurrency: Type.Optional(Type.Integer({ minimum: 1, maximum: 32 })),
      },
      { additionalProperties: false },
    ),
  ),
  timeoutMs: Type.Optional(Type.Integer({ minimum: 100, maximum: 600_000 })),
  retry: Type.Optional(
    Type.Object(
      {
        maxRetries: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
        baseDelayMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 60_000 })),
        maxDelayMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 300_000 })),
      },
      { additionalProperties: false },
    ),
  ),
  translationMemory: Type.Optional(Type.Boolean()),
  price: Type.Optional(
    Type.Object(
      {
        usdPerMillion: Type.Number({ minimum: 0, maximum: 1_000_000 }),
        unit: Type.Union([Type.Literal("characters"), Type.Literal("tokens")]),
      },
      { additionalProperties: false, description: "what `POST /process/estimate` prices with; 0 when unset" },
    ),
  ),
};
export const HttpUrl = Type.String({
  minLength: 1,
  maxLength: 2000,
  // No user name or password, query string or fragment: the provider code appends the path (docs/outbound-requests.md).
  pattern: "^https?://[^\\s/@?#]+(?:/[^\\s?#]*)?$",
});

/** A provider's whole configuration schema: the common settings plus its own, nothing else. */
export function engineConfigSchema<Own extends TProperties>(own: Own) {
  return Type.Object({ ...Common, ...own }, { additionalProperties: false });
}

type CommonConfig = Static<TObject<typeof Common>>;

/** What configuration validation needs to know about a provider (its descriptor has it). */
export interface ConfigRules {
  name: string;
  configSchema: TSchema;
  /** True for providers that cannot translate without a configured model (the LLMs). */
  needsModel?: boolean;
}

/** Field errors of `value` against `schema`, at most 20, paths under `prefix`. */
export function schemaErrors(schema: TSchema, value: unknown, prefix: string): FieldError[] {
  return [...Value.Errors(schema, value)]
    .filter((error) => error.keyword !== "boolean" && error.keyword !== "anyOf")
    .slice(0, 20)
    .map((error) => ({ path: prefix + error.instancePath, message: error.message }));
}

function localeErrors(config: CommonConfig): FieldError[] {
  const errors: FieldError[] = [];
  const check = (list: { sourceLocale?: string; targetLocale?: string }[] | undefined, name: string) =>
    list?.forEach((entry, index) => {
      for (const field of ["sourceLocale", "targetLocale"] as const) {
        const value = entry[field];
        if (value !== undefined && value !== "*" && normalizeLocale(value) === null)
          errors.push({ path: `/config/${name}/${index}/${field}`, message: "must be a BCP-47 locale or *" });
      }
    });
  check(config.models, "models");
  check(config.glossary, "glossary");
  check(config.instructions, "instructions");
  check(config.brandVoice, "brandVoice");
  return errors;
}

/** Field errors of a provider configuration (empty when valid). */
export function configErrors(provider: ConfigRules, config: unknown): FieldError[] {
  const errors = schemaErrors(provider.configSchema, config, "/config");
  if (errors.length > 0) return errors;
  const typed = config as CommonConfig;
  const more = localeErrors(typed);
  if (provider.needsModel && !(typed.models && typed.models.length > 0)) {
    more.push({ path: "/config/models", message: `${provider.name} engines need at least one model` });
  }
  return more;
}

export interface ResolvedSettings {
  models: ModelRoute[];
  glossary: GlossaryItem[];
  instructions: { targetLocale?: string | undefined; text: string }[];
  brandVoice: { targetLocale?: string | undefined; text: string }[];
  chunking: { maxItems: number; maxWords: number; concurrency: number };
  timeoutMs: number;
  retry: { maxRetries: number; baseDelayMs: number; maxDelayMs: number };
  translationMemory: boolean;
  price: EnginePrice;
}

export interface EnginePrice {
  usdPerMillion: number;
  unit: "characters" | "tokens";
}

/** Pseudo and Apertium cost nothing; a provider's price is the engine's own setting. */
export const FREE: EnginePrice = { usdPerMillion: 0, unit: "characters" };

export const DEFAULT_CHUNKING = { maxItems: 50, maxWords: 2000, concurrency: 4 };
export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_RETRY = { maxRetries: 2, baseDelayMs: 500, maxDelayMs: 20_000 };

/** What a provider may set in place of the common defaults (an engine's own setting still wins). */
export interface ProviderDefaults {
  defaultChunking?: Partial<ResolvedSettings["chunking"]> | undefined;
}

/** The common settings of a stored configuration with defaults filled in: the engine's, else the provider's, else the common ones. */
export function resolveSettings(config: Record<string, unknown>, provider: ProviderDefaults = {}): ResolvedSettings {
  const typed = config as CommonConfig;
  return {
    models: typed.models ?? [],
    glossary: (typed.glossary ?? []) as GlossaryItem[],
    instructions: typed.instructions ?? [],
    brandVoice: typed.brandVoice ?? [],
    chunking: { ...DEFAULT_CHUNKING, ...provider.defaultChunking, ...typed.chunking },
    timeoutMs: typed.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retry: { ...DEFAULT_RETRY, ...typed.retry },
    translationMemory: typed.translationMemory ?? true,
    price: typed.price ?? FREE,
  };
}
