import type { FastifyReply, FastifyRequest } from "fastify";
import type { LocalizeDeps } from "../services/localize.js";
import { clientGoneSignal } from "./client-gone.js";
import { localizeDeps, type AppDeps } from "./deps.js";
import { engineWaitOf } from "./plugins/request-log.js";

/**
 * What a localize call made over HTTP (any protocol, MCP included) knows of its request: when it
 * arrived (near matches' budget counts from then), whether its client has gone (provider work is
 * cancelled), and where the time spent waiting on engines is kept (the request log's "slow").
 */
export function requestLocalizeDeps(deps: AppDeps, request: FastifyRequest, reply: FastifyReply): LocalizeDeps {
  return {
    ...localizeDeps(deps),
    clientGone: clientGoneSignal(reply),
    engineWait: engineWaitOf(request),
    receivedAt: performance.now() - reply.elapsedTime,
  };
}
