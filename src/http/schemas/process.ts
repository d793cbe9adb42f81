import { Type } from "typebox";

const Locale = Type.String({ minLength: 1, maxLength: 64, description: "BCP-47 tag; `en_US` and `EN` are normalised" });

export const LocalizeBody = Type.Object(
  {
    engineId: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()])),
    sourceLocale: Locale,
    targetLocale: Locale,
    data: Type.Object({}, { additionalProperties: true, description: "string values are translated; shape and keys are kept" }),
    hints: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 50 }))),
  },
  { additionalProperties: true },
);
