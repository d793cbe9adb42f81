import { Type } from "typebox";

const Locale = Type.String({ minLength: 1, maxLength: 64, description: "BCP-47 tag; `en_US` and `EN` are normalised" });

/** `POST /api/orgs/:orgId/engines/:engineId/try`: a localize call made with the dashboard session. */
export const TryEngineBody = Type.Object({
  sourceLocale: Locale,
  targetLocale: Locale,
  data: Type.Object(
    {},
    { additionalProperties: true, description: "string values are translated; shape and keys are kept" },
  ),
});
