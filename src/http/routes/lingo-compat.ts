import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { authenticateKey } from "../../services/key-auth.js";
import { localize } from "../../services/localize.js";
import { normalizeLocalizeInput, resolveSourceLocale } from "../../services/localize-input.js";
import { recognizeLocale } from "../../services/recognize-locale.js";
import { clientGoneSignal } from "../client-gone.js";
import { keyAuthDeps, localizeDeps, type AppDeps } from "../deps.js";
import { apiKeyFromHeaders } from "../key-header.js";
import { LingoI18nBody } from "../schemas/lingo.js";
import { RecognizeBody } from "../schemas/process.js";

/**
 * Aliases for the paths the Lingo.dev SDKs call that SPEC §3 names differently (docs/lingo-sdk.md).
 * The current SDK calls `/process/localize` and `/process/recognize` (served by processRoutes) and
 * `GET /users/me`; older ones (and the Replexica SDK) call `/i18n`, `/recognize` and `POST /whoami`.
 */
export const lingoCompatRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const authDeps = keyAuthDeps(deps);
    const route = { tags: ["lingo.dev compatibility"], security: [{ apiKey: [] }] };

    app.post("/i18n", { schema: { ...route, body: LingoI18nBody } }, async (request, reply) => {
      const signal = clientGoneSignal(reply);
      const body = request.body;
      const pending = normalizeLocalizeInput({
        engineId: body.engineId,
        sourceLocale: body.locale.source,
        targetLocale: body.locale.target,
        data: body.data,
        hints: body.hints,
      });
      const principal = await authenticateKey(
        authDeps,
        apiKeyFromHeaders(request.headers),
        request.ip,
        pending.engineId,
      );
      return localize(principal, await resolveSourceLocale(pending), { ...localizeDeps(deps), signal });
    });

    app.post("/recognize", { schema: { ...route, body: RecognizeBody } }, async (request) => {
      await authenticateKey(authDeps, apiKeyFromHeaders(request.headers), request.ip, null);
      return recognizeLocale(request.body.text);
    });

    /** The key's user as the current SDK's `whoami()` reads it; `email` null for service keys (the SDK then returns null). */
    app.get("/users/me", { schema: route }, async (request) => {
      const principal = await authenticateKey(authDeps, apiKeyFromHeaders(request.headers), request.ip, null);
      return {
        id: principal.userId,
        email: principal.email,
        organizationId: principal.organizationId,
        keyId: principal.keyId,
        kind: principal.kind,
      };
    });
  };
