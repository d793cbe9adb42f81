import type { FastifyRequest } from "fastify";

/** The API key from `X-API-Key`, or from `Authorization: Bearer <key>` (MCP clients and others send that). */
export function apiKeyFromHeaders(headers: FastifyRequest["headers"]): string | undefined {
  const direct = headers["x-api-key"];
  if (typeof direct === "string" && direct.trim() !== "") return direct.trim();
  const authorization = headers.authorization;
  const match = typeof authorization === "string" ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  return match?.[1];
}
