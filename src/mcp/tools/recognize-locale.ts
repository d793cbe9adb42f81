import type { Static } from "typebox";
import { RecognizeBody } from "../../contract/process.js";
import { recognizeLocale } from "../../services/recognize-locale.js";
import type { GlossaTool } from "../tool.js";

export const recognizeLocaleTool: GlossaTool<Static<typeof RecognizeBody>> = {
  name: "recognize_locale",
  title: "Recognize the language of a text",
  description:
    "Recognizes the language a text is written in: { locale, language, region, script, direction, reliable } (locale null when no language is recognized). Useful to find the sourceLocale for localize.",
  inputSchema: RecognizeBody,
  readOnly: true,
  async run(args, context) {
    await context.authenticate(null);
    return recognizeLocale(args.text);
  },
};
