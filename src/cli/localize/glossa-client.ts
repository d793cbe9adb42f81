import type { Json } from "./strings-by-pointer.js";
import { checksOf, type QualityItem } from "./quality-summary.js";
import { untranslatedOf, type UntranslatedItem } from "./untranslated.js";

export interface GlossaConnection {
  url: string;
  apiKey: string;
}

/** An error the server reported (its problem+json `message`), or that it could not be reached. */
export class GlossaRequestError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: string | null,
  ) {
    super(message);
    this.name = "GlossaRequestError";
  }
}

type Body = Record<string, unknown> & { data?: Json; message?: unknown; code?: unknown };

/** One call to the server with the API key; the parsed JSON answer, or a `GlossaRequestError`. */
async function callGlossa(
  connection: GlossaConnection,
  method: "GET" | "POST" | "DELETE",
  path: string,
  payload?: unknown,
): Promise<Body> {
  const url = `${connection.url.replace(/\/+$/, "")}${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        ...(payload === undefined ? {} : { "content-type": "application/json" }),
        "x-api-key": connection.apiKey,
        "user-agent": "glossa-cli",
      },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
    throw new GlossaRequestError(`Cannot reach the Glossa server at ${connection.url}: ${cause}`, null, null);
  }
  const text = await response.text();
  let body: Body | undefined;
  try {
    body = JSON.parse(text) as Body;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const message =
      typeof body?.message === "string"
        ? body.message
        : `The server answered ${response.status} ${response.statusText}.`;
    throw new GlossaRequestError(message, response.status, typeof body?.code === "string" ? body.code : null);
  }
  if (!body || typeof body !== "object")
    throw new GlossaRequestError(
      `The server at ${connection.url} did not answer like a Glossa server.`,
      response.status,
      null,
    );
  return body;
}

function notGlossa(connection: GlossaConnection, status: number): GlossaRequestError {
  return new GlossaRequestError(`The server at ${connection.url} did not answer like a Glossa server.`, status, null);
}

/** The key in use, as `POST /whoami` describes it: what the CLI checks before any work. */
export interface RemoteKey {
  organizationId: string;
  kind: string;
  engines: { id: string; name: string }[];
}

/** One call that proves the server is a Glossa server and the key is valid now (docs/api.md#localization `/whoami`). */
export async function whoamiRemote(connection: GlossaConnection): Promise<RemoteKey> {
  const body = await callGlossa(connection, "POST", "/whoami");
  if (typeof body.organizationId !== "string" || !Array.isArray(body.engines)) throw notGlossa(connection, 200);
  return body as unknown as RemoteKey;
}

/** `engineId` and `hints` of a localize request or job: sent only when given. */
function optionalFields(engineId: string | undefined, hints: Record<string, string[]> | undefined) {
  return {
    ...(engineId ? { engineId } : {}),
    ...(hints && Object.keys(hints).length > 0 ? { hints } : {}),
  };
}

/** The translated data, the strings the server says it did not translate, and its quality findings. */
export async function localizeRemote(
  connection: GlossaConnection,
  request: {
    engineId: string | undefined;
    sourceLocale: string;
    targetLocale: string;
    data: Json;
    hints?: Record<string, string[]>;
  },
): Promise<{ data: Json; untranslated: UntranslatedItem[]; checks: QualityItem[] }> {
  const { engineId, hints, ...fields } = request;
  const body = await callGlossa(connection, "POST", "/process/localize", {
    ...optionalFields(engineId, hints),
    ...fields,
  });
  if (body.data === undefined) throw notGlossa(connection, 200);
  return { data: body.data, untranslated: untranslatedOf(body.untranslated), checks: checksOf(body.checks) };
}

/** A job as `GET /jobs/:id` describes it (docs/jobs.md). */
export interface RemoteJob {
  id: string;
  status: "queued" | "running" | "succeeded" | "failed" | "canceled";
  progress: { done: number; total: number };
  result?: Record<string, Json>;
  /** Per finished locale, the strings it did not translate. */
  untranslated?: Record<string, unknown>;
  /** Per finished locale, the quality checks' findings. */
  checks?: Record<string, unknown>;
  error?: { code: string; message: string };
}

function asJob(connection: GlossaConnection, body: Body): RemoteJob {
  if (typeof body.id !== "string" || typeof body.status !== "string" || typeof body.progress !== "object")
    throw notGlossa(connection, 200);
  return body as unknown as RemoteJob;
}

/** Submits a job; null when the server has no jobs (an older Glossa), so the caller can fall back. */
export async function submitJobRemote(
  connection: GlossaConnection,
  request: {
    engineId: string | undefined;
    sourceLocale: string;
    targetLocales: string[];
    data: Json;
    hints?: Record<string, string[]>;
  },
): Promise<RemoteJob | null> {
  try {
    const { engineId, hints, ...fields } = request;
    const body = await callGlossa(connection, "POST", "/jobs/localize", {
      ...optionalFields(engineId, hints),
      ...fields,
    });
    return asJob(connection, body);
  } catch (error) {
    // A server without the route answers 404 `not_found` (its message names the route).
    if (error instanceof GlossaRequestError && error.status === 404 && error.code === "not_found") return null;
    throw error;
  }
}

export async function getJobRemote(connection: GlossaConnection, id: string): Promise<RemoteJob> {
  return asJob(connection, await callGlossa(connection, "GET", `/jobs/${encodeURIComponent(id)}`));
}
