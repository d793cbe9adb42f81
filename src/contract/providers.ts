import { Type, type Static } from "typebox";

/** The engine providers this server supports (`GET /api/providers`). */

const LocalePair = Type.Object({ sourceLocale: Type.String(), targetLocale: Type.String() });

export const SupportedPairs = Type.Union(
  [
    Type.Object({ kind: Type.Literal("any") }, { description: "any pair: the provider does not limit them" }),
    Type.Object(
      {
        kind: Type.Literal("languages"),
        sourceLanguages: Type.Array(Type.String()),
        targetLanguages: Type.Array(Type.String()),
      },
      { description: "from any of the source languages into any of the target languages (BCP-47 language subtags)" },
    ),
    Type.Object({ kind: Type.Literal("pairs"), pairs: Type.Array(LocalePair) }, { description: "exactly these pairs" }),
  ],
  {
    description: "which locale pairs a provider can translate; a listed language also covers its regional locales",
  },
);
export type SupportedPairs = Static<typeof SupportedPairs>;

export const CredentialField = Type.Object({
  name: Type.String(),
  label: Type.String(),
  required: Type.Boolean({ description: "false when the provider works without it" }),
  description: Type.Optional(Type.String()),
});
export type CredentialField = Static<typeof CredentialField>;

export const ProviderInfo = Type.Object(
  {
    name: Type.String(),
    configSchema: Type.Unknown({ description: "JSON Schema of the whole configuration object" }),
    credentials: Type.Array(CredentialField, { description: "write-only secret fields" }),
    exampleConfig: Type.Record(Type.String(), Type.Unknown()),
    supportedPairs: SupportedPairs,
    free: Type.Boolean({
      description: "true when it costs nothing per character or token whatever its price setting says",
    }),
    followsFormality: Type.Boolean({ description: "true when it follows a formality instruction" }),
  },
  { title: "ProviderInfo", description: "What an engine form needs to know about a provider." },
);
export type ProviderInfo = Static<typeof ProviderInfo>;

export const ProviderCatalog = Type.Object(
  {
    providers: Type.Array(ProviderInfo, { description: "every supported provider, the recommended default first" }),
    defaultProvider: Type.String({
      description: "what a new engine should use: `apertium` when a language pair is installed, else `pseudo`",
    }),
    credentialsStorable: Type.Boolean({
      description: "false when the server has no `GLOSSA_SECRET_KEY`: engines cannot be given credentials",
    }),
  },
  { title: "ProviderCatalog", description: "The engine providers this server supports." },
);
export type ProviderCatalog = Static<typeof ProviderCatalog>;
