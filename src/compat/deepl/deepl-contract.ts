import { Type, type Static } from "typebox";
import { OneOf } from "../../contract/fields.js";

/**
 * The DeepL API v2 as Glossa answers it (docs/compatible-apis.md): the parts translation tools
 * and DeepL's client libraries call, in DeepL's wire names. Bodies come as JSON or as forms (a
 * field sent once is a string, `text` repeated is an array), so flags accept both spellings.
 */

const Code = Type.String({ minLength: 1, maxLength: 35 });
/** DeepL's booleans: `"0"`/`"1"` in forms, booleans or those strings in JSON. */
const Flag = Type.Union([Type.Boolean(), Type.String({ maxLength: 10 }), Type.Integer()]);
/** A list of tag names: comma-separated, or an array (DeepL accepts both in JSON). */
const TagList = Type.Union([
  Type.String({ maxLength: 10_000 }),
  Type.Array(Type.String({ maxLength: 200 }), { maxItems: 200 }),
]);

export const DeeplTranslateBody = Type.Object(
  {
    text: Type.Union([Type.String(), Type.Array(Type.String())], {
      description: "one text or several (at most 50; 413 beyond), translated in order",
    }),
    source_lang: Type.Optional(Code),
    target_lang: Code,
    context: Type.Optional(Type.String({ maxLength: 10_000 })),
    tag_handling: Type.Optional(Type.Union([Type.Literal("xml"), Type.Literal("html")])),
    tag_handling_version: Type.Optional(Type.String({ maxLength: 10 })),
    ignore_tags: Type.Optional(TagList),
    non_splitting_tags: Type.Optional(TagList),
    splitting_tags: Type.Optional(TagList),
    outline_detection: Type.Optional(Flag),
    split_sentences: Type.Optional(Type.Union([Type.String({ maxLength: 10 }), Type.Integer()])),
    preserve_formatting: Type.Optional(Flag),
    formality: Type.Optional(OneOf(["default", "more", "less", "prefer_more", "prefer_less"] as const)),
    glossary_id: Type.Optional(Type.String({ maxLength: 200 })),
    model_type: Type.Optional(Type.String({ maxLength: 40 })),
    show_billed_characters: Type.Optional(Flag),
    auth_key: Type.Optional(
      Type.String({ maxLength: 200, description: "deprecated by DeepL; refused: use the header" }),
    ),
  },
  { additionalProperties: true, title: "DeeplTranslateBody" },
);
export type DeeplTranslateBody = Static<typeof DeeplTranslateBody>;

export const DeeplTranslation = Type.Object({
  detected_source_language: Type.String(),
  text: Type.String(),
  billed_characters: Type.Optional(Type.Integer()),
});
export type DeeplTranslation = Static<typeof DeeplTranslation>;

export const DeeplTranslateResponse = Type.Object(
  { translations: Type.Array(DeeplTranslation) },
  { title: "DeeplTranslateResponse" },
);
export type DeeplTranslateResponse = Static<typeof DeeplTranslateResponse>;

export const DeeplUsage = Type.Object(
  {
    character_count: Type.Integer({
      description: "characters counted this month (the key's limit, or the organization's)",
    }),
    character_limit: Type.Integer({ description: "the tighter monthly limit; 1000000000000 when unlimited" }),
  },
  { title: "DeeplUsage" },
);
export type DeeplUsage = Static<typeof DeeplUsage>;

export const DeeplLanguagesQuery = Type.Object({
  type: Type.Optional(Type.Union([Type.Literal("source"), Type.Literal("target")])),
});

export const DeeplLanguage = Type.Object({
  language: Type.String(),
  name: Type.String(),
  supports_formality: Type.Optional(Type.Boolean()),
});
export const DeeplLanguages = Type.Array(DeeplLanguage, { title: "DeeplLanguages" });
export type DeeplLanguages = Static<typeof DeeplLanguages>;

export const DeeplGlossaryLanguagePairs = Type.Object(
  {
    supported_languages: Type.Array(Type.Object({ source_lang: Type.String(), target_lang: Type.String() })),
  },
  { title: "DeeplGlossaryLanguagePairs" },
);
export type DeeplGlossaryLanguagePairs = Static<typeof DeeplGlossaryLanguagePairs>;

export const DeeplGlossary = Type.Object({
  glossary_id: Type.String(),
  name: Type.String(),
  ready: Type.Boolean(),
  source_lang: Type.String(),
  target_lang: Type.String(),
  creation_time: Type.String(),
  entry_count: Type.Integer(),
});
export type DeeplGlossary = Static<typeof DeeplGlossary>;
export const DeeplGlossaries = Type.Object({ glossaries: Type.Array(DeeplGlossary) }, { title: "DeeplGlossaries" });

export const DeeplGlossaryParams = Type.Object({ glossaryId: Type.String({ maxLength: 300 }) });
const EngineIdParam = Type.String({ minLength: 1, maxLength: 100, description: "the engine pinned in the path" });
export const DeeplEngineParams = Type.Object({ engineId: EngineIdParam });
export const DeeplPinnedGlossaryParams = Type.Object({
  engineId: EngineIdParam,
  glossaryId: Type.String({ maxLength: 300 }),
});

export const DeeplError = Type.Object(
  { message: Type.String(), code: Type.Optional(Type.String()) },
  { title: "DeeplError", description: "DeepL's error shape: `message`, and Glossa's error `code`." },
);

/** The error statuses DeepL clients know (403 bad key, 456 quota used up …), each in DeepL's shape. */
export function deeplErrorResponses<const S extends number>(...statuses: S[]): Record<S, typeof DeeplError> {
  return Object.fromEntries(statuses.map((status) => [status, DeeplError])) as Record<S, typeof DeeplError>;
}
