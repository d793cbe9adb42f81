import type { FastifyReply, FastifySchema } from "fastify";

type Security = readonly Record<string, readonly string[]>[];

/**
 * The options of the routes of one subject: each route's schema gets the subject's OpenAPI tag and
 * how callers authenticate; `extra` holds the route's other options (`onRequest`, `config`).
 */
export function routeOptions(tag: string, security: Security) {
  const tags = [tag];
  return <S extends FastifySchema, Extra extends object = object>(schema: S, extra?: Extra) => ({
    ...(extra as Extra),
    schema: { ...schema, tags, security },
  });
}

/** Waits for `work`, then answers 204 No Content. */
export async function noContent(reply: FastifyReply, work: Promise<unknown>): Promise<FastifyReply> {
  await work;
  return reply.status(204).send();
}
