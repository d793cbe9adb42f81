import type { Static } from "typebox";
import { LocalizeBody } from "../../contract/process.js";
import { localizeCall } from "../../services/localize-call.js";
import type { GlossaTool } from "../tool.js";

export const localizeTool: GlossaTool<Static<typeof LocalizeBody>> = {
  name: "localize",
  title: "Localize content",
  description:
    "Translates the string values of a JSON object from sourceLocale into targetLocale with one of the organization's engines " +
    "(engineId, or the default engine). Nested objects and arrays are walked; keys, numbers, booleans and null are kept. " +
    "Returns { sourceLocale, targetLocale, data, model?, usage?, untranslated?, checks? }: strings every model failed for keep their source text " +
    "and are listed in untranslated as { path, code, reason } (code engine_failed, or unchanged for prose the engine returned as it was); " +
    "checks lists what the quality checks found in the translations as { path, check, severity (error or warning), message }, absent when nothing. " +
    "Same input as POST /process/localize.",
  inputSchema: LocalizeBody,
  readOnly: true,
  run: (args, context) =>
    localizeCall(args, { authorize: (engineId) => context.authenticate(engineId) }, context.localizeDeps),
};
