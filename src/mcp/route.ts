import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../core/errors/app-error.js";
import { problemResponses } from "../contract/problem.js";
import { problem } from "../core/errors/problem.js";
import { keyAuthDeps, localizeDeps, type AppDeps } from "../http/deps.js";
import { apiKeyFromHeaders } from "../http/key-header.js";
import { registerKeyPrecheck } from "../http/plugins/key-precheck.js";
import { authenticateKey } from "../services/key-auth.js";
import { createMcpServer } from "./server.js";

const SERVER_VERSION = "0.1.0";

/** True for a single JSON-RPC `tools/call` request (not a batch, not initialize or tools/list). */
function isToolCall(body: unknown): boolean {
  return typeof body === "object" && body !== null && (body as { method?: unknown }).method === "tools/call";
}

/**
 * A missing, unknown or deleted key (401), or too many failed attempts (429), is refused here with
 * problem+json before any MCP handling. A key that exists but is denied (403: plan, owner removed)
 * is refused here too — it may not initialize or list the tools — except on a `tools/call`,
 * which reports the denial as a tool error with its `code` to a client already connected.
 */
async function refuseUnauthenticated(deps: AppDeps, request: FastifyRequest): Promise<void> {
  try {
    await authenticateKey(keyAuthDeps(deps), apiKeyFromHeaders(request.headers), request.ip, null);
  } catch (error) {
    if (error instanceof AppError && error.status === 403 && isToolCall(request.body)) return;
    throw error;
  }
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
 * The MCP server of SPEC §4 over Streamable HTTP, in the SDK's stateless mode: every POST gets a new
 * server and transport, so any instance behind a load balancer can answer any request, and every
 * tool call evaluates the key afresh.
 */
export const mcpRoutes =
  (deps: AppDeps) =>
  async (app: FastifyInstance): Promise<void> => {
    registerKeyPrecheck(app, deps);
    app.post("/mcp", { schema: POST_SCHEMA }, async (request, reply) => {
      await refuseUnauthenticated(deps, request);

      const secret = apiKeyFromHeaders(request.headers);
      const server = createMcpServer(
        {
          sql: deps.sql,
          localizeDeps: localizeDeps(deps),
          authenticate: (engineId) => authenticateKey(keyAuthDeps(deps), secret, request.ip, engineId),
        },
        {
          version: SERVER_VERSION,
          onUnexpectedError: (error, toolName) => request.log.error({ err: error, tool: toolName }, "MCP tool failed"),
        },
      );
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });

      reply.hijack();
      reply.raw.setHeader("x-request-id", String(request.id));
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
