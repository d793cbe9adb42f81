import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  DeeplEngineParams,
  deeplErrorResponses,
  DeeplGlossaries,
  DeeplGlossary,
  DeeplGlossaryLanguagePairs,
  DeeplGlossaryParams,
  DeeplLanguages,
  DeeplLanguagesQuery,
  DeeplPinnedGlossaryParams,
  DeeplTranslateBody,
  DeeplTranslateResponse,
  DeeplUsage,
} from "./deepl-contract.js";
import { deeplError } from "./deepl-error.js";
import { DEEPL_BODY_LIMIT_BYTES, planDeeplTranslate } from "./deepl-translate.js";
import { AppError } from "../../core/errors/app-error.js";
import {
  deeplGlossary,
  deeplGlossaryLanguagePairs,
  deeplGlossaryList,
  deeplLanguageList,
  deeplTranslate,
  deeplUsage,
} from "./deepl-service.js";
import type { AppDeps } from "../../http/deps.js";
import { startCompatCall } from "../../http/key-call.js";
import { deeplAuthKey } from "../../http/key-header.js";
import { requestLocalizeDeps } from "../../http/localize-call-deps.js";
import { registerFormBody } from "../../http/plugins/form-body.js";
import { registerKeyPrecheck } from "../../http/plugins/key-precheck.js";
import { registerProtocolErrors } from "../../http/plugins/protocol-errors.js";

/**
 * The DeepL API v2 on Glossa keys (docs/compatible-apis.md): `Authorization: DeepL-Auth-Key
 * <Glossa key>`, DeepL's request and answer shapes, its status codes. Mounted twice: at the root
 * (the organization's engine) and under `/engines/:engineId` (that engine); `pinned` says which.
 */
export const deeplCompatRoutes =
  (deps: AppDeps, pinned: boolean): FastifyPluginAsyncTypebox =>
  async (app) => {
    registerKeyPrecheck(app, deps, { keyOf: deeplAuthKey });
    registerFormBody(app);
    registerProtocolErrors(app, deeplError);
    const route = {
      tags: ["DeepL compatibility"],
      security: [{ deeplAuthKey: [] }],
      hide: pinned,
      ...(pinned ? { params: DeeplEngineParams } : {}),
    };
    const pinnedOf = (params: unknown) => (pinned ? (params as { engineId: string }).engineId : null);
    const start = (request: Parameters<typeof startCompatCall>[1], reply: Parameters<typeof startCompatCall>[2]) =>
      startCompatCall(deps, request, reply, {
        pinnedEngineId: pinnedOf(request.params),
        apiKey: deeplAuthKey(request.headers),
        protocol: "deepl",
      });

    app.post(
      "/v2/translate",
      {
        bodyLimit: DEEPL_BODY_LIMIT_BYTES,
        // A key call: tools such as Weblate name their own site in Referer (docs/compatible-apis.md).
        config: { apiKeyOnly: true },
        schema: {
          summary:
            "DeepL `POST /v2/translate`: translates `text` (one or up to 50) into `target_lang` with the organization's engine (JSON or form body).",
          ...route,
          body: DeeplTranslateBody,
          response: {
            200: DeeplTranslateResponse,
            ...deeplErrorResponses(400, 403, 404, 413, 415, 429, 456, 500, 503),
          },
        },
      },
      async (request, reply) => {
        const decision = planDeeplTranslate(request.body);
        if (!decision.ok)
          throw decision.status === 413
            ? new AppError("payload_too_large", decision.message)
            : AppError.invalidRequest(decision.message);
        return deeplTranslate(
          decision.plan,
          { pinnedEngineId: pinnedOf(request.params), glossaryId: request.body.glossary_id },
          () => start(request, reply),
          requestLocalizeDeps(deps, request, reply),
        );
      },
    );

    const usage = {
      config: { apiKeyOnly: true },
      schema: {
        summary:
          "DeepL `/v2/usage`: this month's characters and the tighter of the key's and the organization's limits.",
        ...route,
        response: { 200: DeeplUsage, ...deeplErrorResponses(403, 404, 429, 503) },
      },
    };
    const usageHandler = async (
      request: Parameters<typeof startCompatCall>[1],
      reply: Parameters<typeof startCompatCall>[2],
    ) => deeplUsage(deps.meter, await start(request, reply));
    app.get("/v2/usage", usage, usageHandler);
    app.post("/v2/usage", usage, usageHandler);

    app.get(
      "/v2/languages",
      {
        schema: {
          summary: "DeepL `GET /v2/languages`: the source or target languages of the engine answering the call.",
          ...route,
          querystring: DeeplLanguagesQuery,
          response: { 200: DeeplLanguages, ...deeplErrorResponses(400, 403, 404, 429, 503) },
        },
      },
      async (request, reply) => {
        const principal = await start(request, reply);
        return deeplLanguageList(deps.sql, principal, pinnedOf(request.params), request.query.type ?? "source");
      },
    );

    app.get(
      "/v2/glossary-language-pairs",
      {
        schema: {
          summary: "DeepL `GET /v2/glossary-language-pairs`: the language pairs of the engine answering the call.",
          ...route,
          response: { 200: DeeplGlossaryLanguagePairs, ...deeplErrorResponses(403, 404, 429, 503) },
        },
      },
      async (request, reply) =>
        deeplGlossaryLanguagePairs(deps.sql, await start(request, reply), pinnedOf(request.params)),
    );

    app.get(
      "/v2/glossaries",
      {
        schema: {
          summary: "DeepL `GET /v2/glossaries`: the engine's glossary, one read-only glossary per locale pair.",
          ...route,
          response: { 200: DeeplGlossaries, ...deeplErrorResponses(403, 404, 429, 503) },
        },
      },
      async (request, reply) => deeplGlossaryList(deps.sql, await start(request, reply), pinnedOf(request.params)),
    );

    app.get(
      "/v2/glossaries/:glossaryId",
      {
        schema: {
          summary: "DeepL `GET /v2/glossaries/{glossary_id}`: one of the engine's glossaries.",
          ...route,
          params: pinned ? DeeplPinnedGlossaryParams : DeeplGlossaryParams,
          response: { 200: DeeplGlossary, ...deeplErrorResponses(403, 404, 429, 503) },
        },
      },
      async (request, reply) =>
        deeplGlossary(
          deps.sql,
          await start(request, reply),
          pinnedOf(request.params),
          (request.params as { glossaryId: string }).glossaryId,
        ),
    );
  };
