import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { ToolContext } from "./tool.js";
import { toolError, toolErrorBody, toolSuccess } from "./tool-result.js";
import { TOOLS } from "./tools/index.js";
import { validateArguments } from "./validate-arguments.js";

const INSTRUCTIONS =
  "Glossa localizes structured content with the engines of your organization. " +
  "Call list_engines to see which engines this key may use, recognize_locale to find the language of a text, " +
  "and localize to translate a JSON object. Failed calls return { code, message, status } with the HTTP API's error codes.";

/**
 * Tools are listed without an `outputSchema`: MCP clients validate `structuredContent` against it even on
 * error results, and errors here carry `{ code, message, status }` rather than the success shape.
 */
const TOOL_LIST: Tool[] = TOOLS.map((tool) => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: JSON.parse(JSON.stringify(tool.inputSchema)) as Tool["inputSchema"],
  annotations: { title: tool.title, readOnlyHint: tool.readOnly, openWorldHint: tool.name === "localize" },
}));

export interface McpServerOptions {
  version: string;
  /** Called with errors that are not the caller's fault (database down, bugs), for the server log. */
  onUnexpectedError(error: unknown, toolName: string): void;
}

/** A new MCP server for one HTTP request (stateless mode): nothing of a call outlives it. */
export function createMcpServer(context: ToolContext, options: McpServerOptions): Server {
  const server = new Server(
    { name: "glossa", version: options.version },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOL_LIST }));

  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = TOOLS.find((candidate) => candidate.name === request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${request.params.name}".`);
    try {
      const args = validateArguments(tool.inputSchema, request.params.arguments);
      const result = toolSuccess(await tool.run(args, context));
      context.finishCall?.(null);
      return result;
    } catch (error) {
      const { body, expected } = toolErrorBody(error);
      if (!expected) options.onUnexpectedError(error, tool.name);
      context.finishCall?.(body.code);
      return toolError(body);
    }
  });

  return server;
}
