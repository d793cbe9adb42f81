import type { Json } from "./strings-by-pointer.js";

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

export async function localizeRemote(
  connection: GlossaConnection,
  request: { engineId: string | undefined; sourceLocale: string; targetLocale: string; data: Json },
): Promise<Json> {
  const url = `${connection.url.replace(/\/+$/, "")}/process/localize`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": connection.apiKey, "user-agent": "glossa-cli" },
      body: JSON.stringify({
        ...(request.engineId ? { engineId: request.engineId } : {}),
        sourceLocale: request.sourceLocale,
        targetLocale: request.targetLocale,
        data: request.data,
      }),
    });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
    throw new GlossaRequestError(`Cannot reach the Glossa server at ${connection.url}: ${cause}`, null, null);
  }
  const text = await response.text();
  let body: { data?: Json; message?: unknown; code?: unknown } | undefined;
  try {
    body = JSON.parse(text);
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
  if (!body || body.data === undefined)
    throw new GlossaRequestError(
      `The server at ${connection.url} did not answer like a Glossa server.`,
      response.status,
      null,
    );
  return body.data;
}
