import { Type } from "typebox";
import { LocalizeBody } from "./process.js";

const LingoLocale = Type.String({ minLength: 1, maxLength: 64 });

/**
 * The body older Lingo.dev / Replexica SDKs send to `POST /i18n`:
 * `{ params: { workflowId, fast }, locale: { source, target }, data, reference?, hints? }`.
 * `params` and `reference` are accepted and ignored.
 */
export const LingoI18nBody = Type.Object(
  {
    locale: Type.Object(
      { source: Type.Union([LingoLocale, Type.Null()]), target: LingoLocale },
      { additionalProperties: true },
    ),
    data: LocalizeBody.properties.data,
    hints: LocalizeBody.properties.hints,
    engineId: LocalizeBody.properties.engineId,
  },
  { additionalProperties: true },
);
