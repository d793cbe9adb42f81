import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../http/deps.js";

/** One compatible API: what the server needs to mount it and to document it. */
export interface CompatApi {
  /** Its section of the OpenAPI document and of docs/api.md. */
  tag: { name: string; description: string };
  /** Registers its routes (at the root, and pinned to an engine where it offers that). */
  mount(app: FastifyInstance, deps: AppDeps): Promise<void>;
}
