import { Type, type Static } from "typebox";

/** Exchange formats (TMX for the translation memory, TBX for the glossary): import reports and options. */

const Counts = (description: string) => Type.Record(Type.String(), Type.Integer({ minimum: 0 }), { description });

export const TmxImportReport = Type.Object(
  {
    read: Type.Integer({ minimum: 0, description: "translation units (`<tu>`) read" }),
    imported: Type.Integer({
      minimum: 0,
      description: "translation-memory entries written: one per target language of a unit",
    }),
    skipped: Counts(
      "entries not imported, by reason: `no_source_language`, `invalid_language`, `no_source_segment`, `no_target_segment`, `empty_segment`, `segment_too_long`, `inline_code_without_text`, `same_language`",
    ),
    ignored: Type.Object(
      {
        properties: Type.Integer({ minimum: 0, description: "`<prop>` elements (Glossa keeps none)" }),
        notes: Type.Integer({ minimum: 0, description: "`<note>` elements (Glossa keeps none)" }),
        variants: Type.Integer({ minimum: 0, description: "`<tuv>` past the 200th of one unit" }),
      },
      { description: "what the file holds that Glossa's memory has no place for" },
    ),
  },
  { title: "TmxImportReport", description: "What a TMX import read, wrote, skipped and ignored." },
);
export type TmxImportReport = Static<typeof TmxImportReport>;

export const TBX_DIALECTS = ["basic", "core"] as const;
export type TbxDialect = (typeof TBX_DIALECTS)[number];

export const GlossaryExportQuery = Type.Object({
  dialect: Type.Optional(
    Type.Union(
      TBX_DIALECTS.map((dialect) => Type.Literal(dialect)),
      { description: "`basic` (TBX-Basic, default) or `core` (TBX-Core: terms only)" },
    ),
  ),
});

export const GlossaryImportQuery = Type.Object({
  sourceLocale: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: "the language whose terms are the source of each concept; default: each concept's first language",
    }),
  ),
  mode: Type.Optional(
    Type.Union([Type.Literal("merge"), Type.Literal("replace")], {
      description:
        "`merge` (default): add to the glossary, replacing items with the same term and locales; `replace`: the file becomes the glossary",
    }),
  ),
});

export const GlossaryImportReport = Type.Object(
  {
    read: Type.Integer({ minimum: 0, description: "concept entries read" }),
    imported: Type.Integer({ minimum: 0, description: "glossary items added or replaced" }),
    glossarySize: Type.Integer({ minimum: 0, description: "items in the engine's glossary after the import" }),
    skipped: Counts(
      "concepts or terms not imported, by reason: `no_source_term`, `no_translation`, `invalid_language`, `term_too_long`, `glossary_full`",
    ),
    ignored: Counts(
      "what the glossary has no place for, by kind: `partOfSpeech`, `definition`, `context`, `forbiddenTerms`, `notes`, `other`",
    ),
  },
  { title: "GlossaryImportReport", description: "What a TBX import read, added, skipped and ignored." },
);
export type GlossaryImportReport = Static<typeof GlossaryImportReport>;

export const TmxImportQuery = Type.Object({
  async: Type.Optional(
    Type.Union([Type.Literal("true"), Type.Literal("false")], {
      description:
        "`true`: run the import as a job (202) whatever the file's size; `false`: synchronously (200) whatever its size. Default: a job when the body is larger than 5 MiB or the request says `Prefer: respond-async`.",
    }),
  ),
});
export type TmxImportQuery = Static<typeof TmxImportQuery>;
