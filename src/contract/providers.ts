import { Type, type Static } from "typebox";

/** The engine providers this server supports (`GET /api/providers`). */

export const ProviderCatalog = Type.Object(
  {
    providers: Type.Array(Type.String(), { description: "every supported provider, the recommended default first" }),
    defaultProvider: Type.String({
      description: "what a new engine should use: `apertium` when a language pair is installed, else `pseudo`",
    }),
  },
  { title: "ProviderCatalog", description: "The engine providers this server supports." },
);
export type ProviderCatalog = Static<typeof ProviderCatalog>;
