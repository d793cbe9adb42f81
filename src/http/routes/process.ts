import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { authenticateKey } from "../../services/key-auth.js";
import { localize } from "../../services/localize.js";
import { normalizeLocalizeInput, resolveSourceLocale } from "../../services/localize-input.js";
import { recognizeLocale } from "../../services/recognize-locale.js";
import { whoami } from "../../services/whoami.js";
import { clientGoneSignal } from "../client-gone.js";
import { keyAuthDeps, localizeDeps, type AppDeps } from "../deps.js";
import { apiKeyFromHeaders } from "../key-header.js";
import { LocalizeBody, RecognizeBody } from "../schemas/process.js";

/** The localization API of SPEC §3, authenticated by API key. */
export const processRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const authDeps = keyAuthDeps(deps);

    app.post(
      "/process/localize",
      { schema: { body: LocalizeBody, tags: ["localization"], security: [{ apiKey: [] }] } },
      async (request, reply) => {
        const signal = clientGoneSignal(reply);
        const pending = normalizeLocalizeInput(request.body);
        const principal = await authenticateKey(
          authDeps,
          apiKeyFromHeaders(request.headers),
          request.ip,
          pending.engineId,
        );
        return localize(principal, await resolveSourceLocale(pending), { ...localizeDeps(deps), signal });
      },
    );

    app.post(
      "/process/recognize",
      { schema: { body: RecognizeBody, tags: ["localization"], security: [{ apiKey: [] }] } },
      async (request) => {
        await authenticateKey(authDeps, apiKeyFromHeaders(request.headers), request.ip, null);
        return recognizeLocale(request.body.text);
      },
    );

    app.post("/whoami", { schema: { tags: ["localization"], security: [{ apiKey: [] }] } }, async (request) => {
      const principal = await authenticateKey(authDeps, apiKeyFromHeaders(request.headers), request.ip, null);
      return whoami(deps.sql, principal);
    });
  };
