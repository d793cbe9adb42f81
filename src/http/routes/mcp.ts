import type * as SdkTransport from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../core/errors/app-error.js";
import { problemResponses } from "../../contract/problem.js";
import { problem } from "../../core/errors/problem.js";
import { keyAuthDeps, type AppDeps } from "../deps.js";
import { applyRateAdmission } from "../key-call.js";
import { apiKeyFromHeaders } from "../key-header.js";
import type { KeyCall } from "../../services/limits/key-call.js";
import { registerKeyPrecheck } from "../plugins/key-precheck.js";
import { requestLocalizeDeps } from "../localize-call-deps.js";
import { authenticateKey } from "../../services/key-auth.js";
import { packageVersion } from "../../config/package-version.js";
import type * as McpServerModule from "../../mcp/server.js";

/** True for a single JSON-RPC `tools/call` request (not a batch, not initialize or tools/list). */
function isToolCall(body: unknown): boolean {
  return typeof body === "object" && body !== null && (body as { method?: unknown }).method === "tools/call";
}

/**
 * The MCP SDK (and zod under it) is a third of the server's start-up time: it is loaded by the
 * first MCP request, not at boot.
 */
let mcpModules: Promise<[typeof SdkTransport, typeof McpServerModule]> | undefined;
const loadMcp = () =>
  (mcpModules ??= Promise.all([
    import("@modelcontextprotocol/sdk/server/streamableHttp.js"),
    import("../../mcp/server.js"),
  ]));

/**
 * A missing, unknown or deleted key (401), or too many failed attempts (429), is refused here with
 * problem+json before any MCP handling. A key that exists but is denied (403: plan, owner removed)
 * is refused here too — it may not initialize or list the tools — except on a `tools/call`,
 * which reports the denial as a tool error with its `code` to a client already connected.
 */
async function refuseUnauthenticated(deps: AppDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  let principal;
  try {
    principal = await authenticateKey(keyAuthDeps(deps), apiKeyFromHeaders(request.headers), request.ip, null);
  } catch (error) {
    if (error instanceof AppError && error.status === 403 && isToolCall(request.body)) return;
    throw error;
  }
  // docs/usage-and-limits.md: the rate limit counts MCP POSTs like HTTP calls; usage counts the tool calls (below).
  if (!principal.limits?.rateLimit) return;
  const pending = deps.meter.rateLimiter.admit(principal.keyId, principal.limits.rateLimit);
  const refusal = applyRateAdmission(pending instanceof Promise ? await pending : pending, (name, value) =>
    reply.header(name, value),
  );
  if (refusal) throw refusal;
}

function methodNotAllowed(request: FastifyRequest, reply: FastifyReply) {
  const error = new AppError("method_not_allowed");
  return reply
    .status(error.status)
    .header("allow", "POST")
    .type("application/problem+json")
    .send(problem(error, String(request.id)));
}

/**
 * JSON-RPC over Streamable HTTP is described by the MCP specification (docs/mcp.md), not by
 * OpenAPI: the routes are hidden. The transport writes the successful answers itself; the
 * refusals before it (and 405) are problem+json like everywhere else.
 */
const POST_SCHEMA = { hide: true, response: problemResponses(400, 401, 403, 413, 415, 429, 503) };
const OTHER_METHODS_SCHEMA = { hide: true, response: problemResponses(405) };

/**
 * The MCP server of docs/mcp.md over Streamable HTTP, in the SDK's stateless mode: every POST gets a new
 * server and transport, so any instance behind a load balancer can answer any request, and every
 * tool call evaluates the key afresh.
 */
export const mcpRoutes =
  (deps: AppDeps) =>
  async (app: FastifyInstance): Promise<void> => {
    registerKeyPrecheck(app, deps);
    app.post("/mcp", { schema: POST_SCHEMA }, async (request, reply) => {
      await refuseUnauthenticated(deps, request, reply);

      const [{ StreamableHTTPServerTransport }, { createMcpServer }] = await loadMcp();
      const secret = apiKeyFromHeaders(request.headers);
      let call: KeyCall | undefined;
      const server = createMcpServer(
        {
          sql: deps.sql,
          localizeDeps: requestLocalizeDeps(deps, request, reply),
          authenticate: async (engineId) => {
            const principal = await authenticateKey(keyAuthDeps(deps), secret, request.ip, engineId);
            if (principal.limits) call = deps.meter.begin(principal, "mcp");
            return principal;
          },
          meter: deps.meter,
          finishCall: (errorCode) => {
            call?.finish(errorCode);
            call = undefined;
          },
        },
        {
          version: packageVersion(),
          onUnexpectedError: (error, toolName) => request.log.error({ err: error, tool: toolName }, "MCP tool failed"),
        },
      );
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });

      reply.hijack();
      reply.raw.setHeader("x-request-id", String(request.id));
      for (const name of ["ratelimit-policy", "ratelimit"]) {
        const value = reply.getHeader(name);
        if (typeof value === "string") reply.raw.setHeader(name, value);
      }
      reply.raw.setHeader("x-content-type-options", "nosniff");
      reply.raw.on("close", () => {
        void transport.close();
        void server.close();
      });
      try {
        await server.connect(transport);
        await transport.handleRequest(request.raw, reply.raw, request.body);
      } catch (error) {
        request.log.error({ err: error }, "MCP request failed");
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(500, { "content-type": "application/json" });
          reply.raw.end(
            JSON.stringify({ jsonrpc: "2.0", error: { code: -32603, message: "Internal server error" }, id: null }),
          );
        }
      }
    });

    app.get("/mcp", { schema: OTHER_METHODS_SCHEMA }, methodNotAllowed);
    app.delete("/mcp", { schema: OTHER_METHODS_SCHEMA }, methodNotAllowed);
  };
