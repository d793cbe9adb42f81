import cookie from "@fastify/cookie";
import swagger from "@fastify/swagger";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import { COMPAT_APIS } from "./compat/index.js";
import { randomUUID } from "node:crypto";
import type { TrustProxy } from "./config/trust-proxy.js";
import { AppError } from "./core/errors/app-error.js";
import { mcpRoutes } from "./http/routes/mcp.js";
import type { AppDeps } from "./http/deps.js";
import { registerUsageHooks } from "./http/key-call.js";
import { registerCoherentChanges } from "./http/plugins/coherent-changes.js";
import { registerCsrfGuard } from "./http/plugins/csrf.js";
import { registerDashboard } from "./http/plugins/dashboard.js";
import { registerJsonBody } from "./http/plugins/json-body.js";
import { redactUrl } from "./http/redact-url.js";
import { hoistTitledSchemas } from "./http/openapi-components.js";
import { registerProblemErrors } from "./http/plugins/problem-errors.js";
import { RequestLog, registerEngineWait } from "./http/plugins/request-log.js";
import { accountRoutes } from "./http/routes/account.js";
import { invitationRoutes } from "./http/routes/invitations.js";
import { accountSessionRoutes } from "./http/routes/account-sessions.js";
import { mfaRoutes } from "./http/routes/mfa.js";
import { passwordResetRoutes } from "./http/routes/password-reset.js";
import { auditExportRoutes } from "./http/routes/audit-export.js";
import { exchangeRoutes } from "./http/routes/exchange.js";
import { adminRoutes } from "./http/routes/admin.js";
import { cliSessionDashboardRoutes, cliSessionRoutes } from "./http/routes/cli-sessions.js";
import { dashboardApiRoutes } from "./http/routes/dashboard-api.js";
import { healthRoutes } from "./http/routes/health.js";
import { jobRoutes } from "./http/routes/jobs.js";
import { organizationJobRoutes } from "./http/routes/organization-jobs.js";
import { organizationRoutes } from "./http/routes/organizations.js";
import { roleRoutes } from "./http/routes/roles.js";
import { memberRoutes } from "./http/routes/members.js";
import { engineRoutes } from "./http/routes/engines.js";
import { keyRoutes } from "./http/routes/keys.js";
import { processRoutes } from "./http/routes/process.js";
import { sessionRoutes } from "./http/routes/session.js";
import { usageRoutes } from "./http/routes/usage.js";

/** A hop count as the function Fastify builds from one (its types omit the number form). */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === "number" ? (_address, hop) => hop < trust : trust;
}
import { leakedKeyRoutes } from "./http/routes/leaked-keys.js";
import { webhookRoutes } from "./http/routes/webhooks.js";
import { ssoRoutes } from "./http/routes/sso.js";
import { metricsRoutes } from "./http/routes/metrics.js";
import { registerRequestMetrics } from "./http/plugins/request-metrics.js";

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The sections of the OpenAPI document (and of docs/api.md), in reading order. */
const OPENAPI_TAGS = [
  { name: "localization", description: "The localization API, authenticated by API key." },
  {
    name: "jobs",
    description: "Durable multi-locale jobs, authenticated by API key; results are kept 7 days.",
  },
  ...COMPAT_APIS.map((api) => api.tag),
  {
    name: "session",
    description: "Signing in and out of the dashboard; the session cookie authenticates the management API.",
  },
  { name: "organizations", description: "An organization's settings and its audit log." },
  {
    name: "sso",
    description:
      "Single sign-on with OpenID Connect: one connection per organization, requireSso, and signing in with it (docs/account.md#single-sign-on).",
  },
  { name: "roles", description: "Roles: named sets of permissions (`engine:access`, `org:manage_team`)." },
  { name: "members", description: "Members, their role, and per-engine grants." },
  { name: "engines", description: "Translation engines: a provider and its settings. Credentials are write-only." },
  {
    name: "exchange",
    description:
      "TMX and TBX files in and out: an engine's translation memory and glossary (docs/moving-to-glossa.md).",
  },
  { name: "keys", description: "Personal and service API keys. A key's secret is returned once, when it is created." },
  {
    name: "webhooks",
    description: "Signed webhooks (Standard Webhooks) for an organization's events, with a delivery log.",
  },
  {
    name: "leaked keys",
    description: "Secret-scanning reports (GitHub's format): leaked keys are revoked at once.",
  },
  { name: "admin", description: "Instance administration: users, organizations and plans (instance admins only)." },
  { name: "operations", description: "Liveness and readiness for load balancers and orchestrators." },
];

export interface BuildAppOptions {
  /** Pino options or an existing logger config; `false` silences logs (tests that do not inspect them). */
  logger?: boolean | Record<string, unknown>;
}

/** Builds the one Fastify app that serves the API, the management API and (later) MCP and the dashboard. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: deps.config.logLevel,
            redact: {
              paths: [
                "req.headers.authorization",
                "req.headers['x-api-key']",
                "req.headers.cookie",
                "res.headers['set-cookie']",
              ],
              censor: "[redacted]",
            },
            serializers: {
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: redactUrl(request.url),
                host: request.host,
                remoteAddress: request.ip,
                remotePort: request.socket?.remotePort,
              }),
            },
            ...(typeof options.logger === "object" ? options.logger : {}),
          },
    bodyLimit: deps.config.bodyLimitBytes,
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers["x-request-id"];
      return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: true } },
    // Draining: a request that arrives on a connection opened before close() is served (and its
    // connection closed after it), not refused with 503 — it was sent to this instance and must not be lost.
    return503OnClosing: false,
    logController: new RequestLog(deps.config.slowRequestMs),
  }).withTypeProvider<TypeBoxTypeProvider>();

  registerEngineWait(app);
  // Hooks on every request take a callback, not a promise: they run on every call of the hot path.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    // An escaped U+0000 anywhere in the path or query (ids, filters): no field accepts it.
    if (request.url.includes("%00")) {
      return done(
        AppError.invalidRequest("The URL contains the character U+0000, which no parameter accepts.", [
          { path: "/", message: "contains %00" },
        ]),
      );
    }
    done();
  });
  // Graceful shutdown: responses finishing while the server closes also close their
  // keep-alive connection, so close() does not wait for idle sockets to time out.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "same-origin");
    if (closing) reply.header("connection", "close");
    done(null, payload);
  });

  registerProblemErrors(app);
  if (deps.metrics) registerRequestMetrics(app, deps.metrics);
  registerUsageHooks(app);
  registerJsonBody(app);
  registerCsrfGuard(app, deps.config.publicUrl);
  registerCoherentChanges(app, deps.sql);
  // After body parsing, so that the handler and its promises run inside the client's context.
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Glossa", version: "0.1.0", description: "Self-hostable localization API" },
      tags: OPENAPI_TAGS,
      components: {
        securitySchemes: {
          apiKey: {
            type: "apiKey",
            in: "header",
            name: "X-API-Key",
            description: "An API key (`gls_…`); `Authorization: Bearer gls_…` is accepted too.",
          },
          deeplAuthKey: {
            type: "apiKey",
            in: "header",
            name: "Authorization",
            description: "DeepL's header carrying a Glossa key: `Authorization: DeepL-Auth-Key gls_…`.",
          },
          leakReportSignature: {
            type: "apiKey",
            in: "header",
            name: "Github-Public-Key-Signature",
            description:
              "ECDSA P-256/SHA-256 signature of the raw body (base64 DER) by the key named in `Github-Public-Key-Identifier`, one of those in `GLOSSA_LEAK_REPORT_KEYS`.",
          },
          session: {
            type: "apiKey",
            in: "cookie",
            name: "glossa_session",
            description: "The dashboard session: an httpOnly cookie set by `POST /api/session`.",
          },
        },
      },
    },
    transformObject: (document) =>
      "openapiObject" in document ? hoistTitledSchemas(document.openapiObject) : document.swaggerObject,
  });

  await app.register(healthRoutes(deps.sql));
  await app.register(processRoutes(deps));
  await app.register(jobRoutes(deps));
  for (const api of COMPAT_APIS) await api.mount(app, deps);
  await app.register(cliSessionRoutes(deps));
  await app.register(cliSessionDashboardRoutes(deps));
  await app.register(sessionRoutes(deps));
  await app.register(adminRoutes(deps));
  await app.register(organizationRoutes(deps));
  await app.register(roleRoutes(deps));
  await app.register(memberRoutes(deps));
  await app.register(engineRoutes(deps));
  await app.register(keyRoutes(deps));
  await app.register(webhookRoutes(deps));
  await app.register(ssoRoutes(deps));
  await app.register(leakedKeyRoutes(deps));
  await app.register(organizationJobRoutes(deps));
  await app.register(usageRoutes(deps));
  await app.register(accountRoutes(deps));
  await app.register(invitationRoutes(deps));
  await app.register(accountSessionRoutes(deps));
  await app.register(mfaRoutes(deps));
  await app.register(passwordResetRoutes(deps));
  await app.register(auditExportRoutes(deps));
  await app.register(exchangeRoutes(deps));
  await app.register(mcpRoutes(deps));
  await app.register(dashboardApiRoutes(deps));
  // With GLOSSA_METRICS_PORT the metrics live on their own loopback listener only (server.ts).
  if (deps.metrics && deps.config.metricsToken && deps.config.metricsPort === undefined)
    await app.register(metricsRoutes(deps.metrics, deps.config.metricsToken));

  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  await registerDashboard(app, deps.config.dashboardDir);
  return app;
}
