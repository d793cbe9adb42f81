import type { FastifyRequest } from "fastify";

/** The API key from `X-API-Key`, or from `Authorization: Bearer <key>` (MCP clients and others send that). */
export function apiKeyFromHeaders(headers: FastifyRequest["headers"]): string | undefined {
  const direct = headers["x-api-key"];
  if (typeof direct === "string" && direct.trim() !== "") return direct.trim();
  const authorization = headers.authorization;
  const match = typeof authorization === "string" ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  return match?.[1];
}

/** The key of DeepL's `Authorization: DeepL-Auth-Key <key>` header (the DeepL API and its client libraries send that). */
export function deeplAuthKey(headers: FastifyRequest["headers"]): string | undefined {
  const authorization = headers.authorization;
  const match = typeof authorization === "string" ? /^DeepL-Auth-Key\s+(\S+)\s*$/i.exec(authorization) : null;
  return match?.[1];
}
