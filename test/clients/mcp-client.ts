import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** Connects the MCP SDK's own client to `/mcp` of each base URL in turn (one URL: always the same server). */
export async function connectMcp(
  baseUrls: string | string[],
  headers: Record<string, string>,
  requestLog: string[] = [],
): Promise<Client> {
  const urls = Array.isArray(baseUrls) ? baseUrls : [baseUrls];
  let next = 0;
  const alternatingFetch: typeof fetch = (_input, init) => {
    const base = urls[next++ % urls.length]!;
    requestLog.push(base);
    return fetch(`${base}/mcp`, init);
  };
  const transport = new StreamableHTTPClientTransport(new URL(`${urls[0]}/mcp`), {
    requestInit: { headers },
    fetch: alternatingFetch,
  });
  const client = new Client({ name: "glossa-tests", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The `code` of a tool error result, or "ok" for a success; makes assertions read like docs/authorization.md. */
export function outcome(result: CallToolResult): string {
  return result.isError ? String((result.structuredContent as { code?: unknown } | undefined)?.code) : "ok";
}
