import { Type, type Static } from "typebox";

/**
 * LibreTranslate's API on Glossa keys (docs/compatible-apis.md#libretranslate): its field names,
 * answer shapes and `{"error": …}` refusals, as its clients (Mastodon, Weblate, Discourse …)
 * send and read them. Bodies come as JSON, `application/x-www-form-urlencoded` or
 * `multipart/form-data`; the fields are read by `core/compat/libretranslate`, which refuses bad
 * input in LibreTranslate's words, so these schemas describe the fields rather than police them.
 */

const ApiKeyField = Type.String({
  description: "a Glossa API key (`gls_…`); `X-API-Key` or `Authorization: Bearer` is accepted instead",
});

const LanguageCode = Type.String({
  description:
    "a LibreTranslate language code or any BCP-47 tag (`de`, `pt-BR`, `zh-Hans`; its aliases `zh`, `zt`, `pb` too)",
});

export const LibreTranslateBody = Type.Object(
  {
    q: Type.Union([Type.String(), Type.Array(Type.String())], {
      description: "the text, or an array of texts (the answer then has arrays)",
    }),
    source: Type.String({ description: "the source language code, or `auto` to recognize it" }),
    target: LanguageCode,
    format: Type.Optional(
      Type.Union([Type.Literal("text"), Type.Literal("html")], {
        description: "`html`: tags and entities are kept (Glossa keeps them in both formats)",
      }),
    ),
    alternatives: Type.Optional(
      Type.Union([Type.Integer(), Type.String()], {
        description: "alternatives wanted: Glossa gives one translation, so `alternatives` comes back empty",
      }),
    ),
    api_key: Type.Optional(ApiKeyField),
  },
  { additionalProperties: true, title: "LibreTranslateBody" },
);
export type LibreTranslateBody = Static<typeof LibreTranslateBody>;

export const LibreDetection = Type.Object(
  {
    confidence: Type.Number({ minimum: 0, maximum: 100 }),
    language: Type.String(),
  },
  { title: "LibreDetection", description: "A recognized language, with a confidence from 0 to 100." },
);
export type LibreDetection = Static<typeof LibreDetection>;

export const LibreTranslateAnswer = Type.Object(
  {
    translatedText: Type.Union([Type.String(), Type.Array(Type.String())]),
    detectedLanguage: Type.Optional(
      Type.Union([LibreDetection, Type.Array(LibreDetection)], {
        description: "only when `source` was `auto`: one detection for all texts, repeated per text",
      }),
    ),
    alternatives: Type.Optional(
      Type.Union([Type.Array(Type.String()), Type.Array(Type.Array(Type.String()))], {
        description: "only when alternatives were asked for: always empty",
      }),
    ),
  },
  { title: "LibreTranslateAnswer" },
);
export type LibreTranslateAnswer = Static<typeof LibreTranslateAnswer>;

export const LibreDetectBody = Type.Object(
  {
    q: Type.Union([Type.String(), Type.Array(Type.String())], { description: "the text to recognize" }),
    api_key: Type.Optional(ApiKeyField),
  },
  { additionalProperties: true, title: "LibreDetectBody" },
);

export const LibreDetections = Type.Array(LibreDetection, {
  description: "the recognized language (one entry; LibreTranslate may list more candidates)",
});

export const LibreLanguage = Type.Object(
  {
    code: Type.String(),
    name: Type.String({ description: "the language's name in English" }),
    targets: Type.Array(Type.String(), { description: "the codes it can be translated into" }),
  },
  { title: "LibreLanguage" },
);
export const LibreLanguages = Type.Array(LibreLanguage);
export type LibreLanguages = Static<typeof LibreLanguages>;

export const LibreLanguagesQuery = Type.Object({ api_key: Type.Optional(ApiKeyField) }, { additionalProperties: true });

const NamedLanguage = Type.Object({ code: Type.String(), name: Type.String() });

export const LibreFrontendSettings = Type.Object(
  {
    charLimit: Type.Integer({ description: "-1: no limit per text (the body limit and monthly quotas apply)" }),
    frontendTimeout: Type.Integer(),
    apiKeys: Type.Boolean(),
    keyRequired: Type.Boolean(),
    suggestions: Type.Boolean(),
    filesTranslation: Type.Boolean(),
    supportedFilesFormat: Type.Array(Type.String()),
    language: Type.Object({ source: NamedLanguage, target: NamedLanguage }),
  },
  { title: "LibreFrontendSettings", description: "What LibreTranslate's web front end reads at start." },
);
export type LibreFrontendSettings = Static<typeof LibreFrontendSettings>;

export const LibreErrorBody = Type.Object(
  { error: Type.String() },
  { title: "LibreError", description: "LibreTranslate's error answer." },
);

/** The error answers of the LibreTranslate routes, by status. */
export function libreErrorResponses<S extends number>(...statuses: S[]): Record<S, typeof LibreErrorBody> {
  return Object.fromEntries(statuses.map((status) => [status, LibreErrorBody])) as Record<S, typeof LibreErrorBody>;
}
