import type { FastifyRequest } from "fastify";
import { problemResponses } from "../../contract/problem.js";
import { LeakReport, LeakReportAnswer } from "../../contract/webhooks.js";
import { AppError } from "../../core/errors/app-error.js";
import { isSignedReport, loadLeakReportKeys } from "../../security/leak-report-signature.js";
import { revokeLeakedKeys } from "../../services/leaked-keys.js";
import type { AppRoutes } from "../deps.js";
import { INVALID_JSON_BODY } from "../plugins/json-body.js";

/** Reports are small: GitHub sends batches of at most a few hundred tokens. */
const REPORT_BODY_LIMIT = 1024 * 1024;

/**
 * `POST /api/leaked-keys` (docs/webhooks.md). The signature covers the raw body, so this context keeps it:
 * its own JSON parser records the text, and the signature is checked before the schema, so an
 * unsigned report is 401 whatever it contains.
 */
export const leakedKeyRoutes: AppRoutes = (deps) => async (app) => {
  const rawBodies = new WeakMap<FastifyRequest, string>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: REPORT_BODY_LIMIT },
    (request, body, done) => {
      const text = body as string;
      rawBodies.set(request, text);
      try {
        done(null, JSON.parse(text));
      } catch {
        // Parsed after the signature check: a broken body that is signed is a 400, unsigned a 401.
        done(null, undefined);
      }
    },
  );
  app.addHook("preValidation", async (request) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === "string" ? value : undefined;
    };
    const keys = await loadLeakReportKeys(deps.config.leakReportKeysFile).catch((error: unknown) => {
      // Fail closed: an unreadable key file verifies nothing.
      request.log.error({ err: error }, "GLOSSA_LEAK_REPORT_KEYS could not be read");
      return [];
    });
    const raw = rawBodies.get(request) ?? "";
    if (!isSignedReport(keys, header("github-public-key-identifier"), header("github-public-key-signature"), raw))
      throw await deps.limiter.fail(request.ip, new AppError("invalid_signature"));
    if (request.body === undefined) throw AppError.invalidRequest(INVALID_JSON_BODY, [{ path: "/", message: "" }]);
  });

  app.post(
    "/api/leaked-keys",
    {
      schema: {
        summary:
          "A secret scanner reports leaked tokens (signed with a key from `GLOSSA_LEAK_REPORT_KEYS`): every Glossa key among them is revoked at once.",
        body: LeakReport,
        tags: ["leaked keys"],
        security: [{ leakReportSignature: [] }],
        response: { 200: LeakReportAnswer, ...problemResponses(400, 401, 413, 415, 429, 503) },
      },
    },
    async (request) => revokeLeakedKeys(deps.sql, request.body, request.ip),
  );
};
