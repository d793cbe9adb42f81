import { Type } from "typebox";

const Locale = Type.String({ minLength: 1, maxLength: 64, description: "BCP-47 tag; `en_US` and `EN` are normalised" });

export const LocalizeBody = Type.Object(
  {
    engineId: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()], {
        description: "the organization's default engine when omitted",
      }),
    ),
    sourceLocale: Type.Union([
      Locale,
      Type.Null({
        description: "null: recognized from the strings of `data` (the Lingo.dev SDK sends null for auto-detection)",
      }),
    ]),
    targetLocale: Locale,
    data: Type.Object(
      {},
      { additionalProperties: true, description: "string values are translated; shape and keys are kept" },
    ),
    hints: Type.Optional(
      Type.Record(Type.String(), Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 50 }), {
        description: 'context per key path: { "<key>": ["breadcrumb", …] }',
      }),
    ),
  },
  { additionalProperties: true },
);

/** Longest text `POST /process/recognize` accepts; detection only needs the first few thousand characters. */
export const MAX_RECOGNIZE_TEXT_CHARS = 100_000;

export const RecognizeBody = Type.Object(
  {
    text: Type.String({
      minLength: 1,
      maxLength: MAX_RECOGNIZE_TEXT_CHARS,
      description: "the text whose language to recognize",
    }),
  },
  { additionalProperties: true },
);
