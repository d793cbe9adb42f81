/**
 * A request-level replica of the current Lingo.dev SDK's `LingoDotDevEngine` (lingodotdev/lingo.dev,
 * packages/sdk/src/index.ts), whose package cannot be installed here (its `@lingo.dev/_sdk` and
 * `@lingo.dev/_locales` dependencies are missing from the registry mirror). It reproduces only the
 * wire behaviour Glossa must be compatible with: paths, headers, body fields, chunking, and how it
 * turns error responses into messages. Retries, tracking and HTML are left out.
 */
export interface ReplicaConfig {
  apiKey: string;
  apiUrl: string;
  batchSize?: number;
  idealBatchItemSize?: number;
  engineId?: string;
}

interface LocalizeParams {
  sourceLocale: string | null;
  targetLocale: string;
  fast?: boolean;
  reference?: Record<string, Record<string, unknown>>;
  hints?: Record<string, string[]>;
}

export class LingoDotDevEngineReplica {
  private readonly sessionId = `replica${Math.random().toString(36).slice(2)}`;
  readonly requests: { path: string; body: unknown }[] = [];

  constructor(private readonly config: ReplicaConfig) {}

  private get headers(): Record<string, string> {
    return { "Content-Type": "application/json; charset=utf-8", "X-API-Key": this.config.apiKey };
  }

  /** Like the SDK: the body's `message` when it is JSON with one, else the text. */
  private static async errorMessage(response: Response): Promise<string> {
    const text = await response.text();
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      return typeof parsed?.message === "string" ? parsed.message : text;
    } catch {
      return `Unexpected error (${response.status})`;
    }
  }

  private static async throwOnHttpError(response: Response, context?: string): Promise<void> {
    if (response.ok) return;
    const message = await LingoDotDevEngineReplica.errorMessage(response);
    if (response.status >= 500)
      throw new Error(`Server error (${response.status}): ${message}. This may be due to temporary service issues.`);
    if (response.status === 400) throw new Error(`Invalid request: ${message}`);
    throw new Error(context ? `${context}: ${message}` : message);
  }

  private async post(path: string, body: unknown): Promise<Response> {
    this.requests.push({ path, body });
    return fetch(`${this.config.apiUrl}${path}`, {
      method: "POST",
      headers: this.headers,
      body: JSON.stringify(body, null, 2),
    });
  }

  private chunks(payload: Record<string, unknown>): Record<string, unknown>[] {
    const batchSize = this.config.batchSize ?? 25;
    const idealWords = this.config.idealBatchItemSize ?? 250;
    const words = (value: unknown): number =>
      typeof value === "string"
        ? value.trim().split(/\s+/).filter(Boolean).length
        : value && typeof value === "object"
          ? Object.values(value).reduce<number>((sum, item) => sum + words(item), 0)
          : 0;
    const result: Record<string, unknown>[] = [];
    let chunk: Record<string, unknown> = {};
    let count = 0;
    const entries = Object.entries(payload);
    entries.forEach(([key, value], index) => {
      chunk[key] = value;
      count++;
      if (words(chunk) > idealWords || count >= batchSize || index === entries.length - 1) {
        result.push(chunk);
        chunk = {};
        count = 0;
      }
    });
    return result;
  }

  async localizeObject(obj: Record<string, unknown>, params: LocalizeParams): Promise<Record<string, unknown>> {
    const localized: Record<string, unknown>[] = [];
    for (const data of this.chunks(obj)) {
      const response = await this.post("/process/localize", {
        params: { fast: params.fast ?? false },
        sourceLocale: params.sourceLocale,
        targetLocale: params.targetLocale,
        data,
        reference: params.reference,
        hints: params.hints,
        sessionId: this.sessionId,
        triggerType: undefined,
        metadata: undefined,
        ...(this.config.engineId ? { engineId: this.config.engineId } : {}),
      });
      await LingoDotDevEngineReplica.throwOnHttpError(response);
      const json = (await response.json()) as { data?: Record<string, unknown>; error?: string };
      if (!json.data && json.error) throw new Error(json.error);
      localized.push(json.data ?? {});
    }
    return Object.assign({}, ...localized);
  }

  async localizeText(text: string, params: LocalizeParams): Promise<string> {
    const result = await this.localizeObject({ text }, params);
    return (result.text as string) || "";
  }

  async recognizeLocale(text: string): Promise<string> {
    const response = await this.post("/process/recognize", { text });
    await LingoDotDevEngineReplica.throwOnHttpError(response, "Error recognizing locale");
    return ((await response.json()) as { locale: string }).locale;
  }

  async whoami(): Promise<{ email: string; id: string } | null> {
    const response = await fetch(`${this.config.apiUrl}/users/me`, { method: "GET", headers: this.headers });
    if (response.ok) {
      const payload = (await response.json()) as { email?: string; id: string };
      return payload?.email ? { email: payload.email, id: payload.id } : null;
    }
    if (response.status >= 500)
      throw new Error(`Server error (${response.status}): ${await LingoDotDevEngineReplica.errorMessage(response)}`);
    return null;
  }
}
