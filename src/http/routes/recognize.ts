import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { problemResponses } from "../../contract/problem.js";
import { RecognizeBody, RecognizedLocale } from "../../contract/process.js";
import { recognizeLocale } from "../../services/recognize-locale.js";
import type { AppDeps } from "../deps.js";
import { startKeyCall } from "../key-call.js";
import type { routeOptions } from "../route-options.js";

/**
 * `POST <path>`: the language of a text, for a key (counted as a call, no engine). Served at
 * `/process/recognize` and at the Lingo.dev SDKs' `/recognize`.
 */
export function registerRecognize(
  app: Parameters<FastifyPluginAsyncTypebox>[0],
  deps: AppDeps,
  route: ReturnType<typeof routeOptions>,
  path: string,
  summary: string,
): void {
  app.post(
    path,
    route({
      summary,
      body: RecognizeBody,
      response: { 200: RecognizedLocale, ...problemResponses(400, 401, 403, 413, 415, 429, 503) },
    }),
    async (request, reply) => {
      await startKeyCall(deps, request, reply, null);
      return recognizeLocale(request.body.text);
    },
  );
}
