/**
 * A request-level replica of the current Lingo.dev SDK's `LingoDotDevEngine` (lingodotdev/lingo.dev,
 * packages/sdk/src/index.ts, `@lingo.dev/_sdk` 0.17.3), whose package cannot be installed here (its
 * `@lingo.dev/_sdk` and `@lingo.dev/_locales` dependencies are missing from the registry mirror).
 * It reproduces the wire behaviour Glossa must be compatible with: paths, headers, body fields,
 * chunking, retries (every 5xx and network error, `maxRetries` 3, exponential backoff with full
 * jitter), abort signals, `estimate`, the array/chat/HTML helpers, and how it turns error
 * responses into messages. Tracking (PostHog, off with DO_NOT_TRACK=1) is left out.
 */
export interface ReplicaConfig {
  apiKey: string;
  apiUrl: string;
  batchSize?: number;
  idealBatchItemSize?: number;
  engineId?: string;
  maxRetries?: number;
  retryDelayMs?: number;
}

interface LocalizeParams {
  sourceLocale: string | null;
  targetLocale: string;
  fast?: boolean;
  reference?: Record<string, Record<string, unknown>>;
  hints?: Record<string, string[]>;
  filePath?: string;
  triggerType?: "cli" | "ci";
}

export interface CostEstimate {
  approximate: boolean;
  totals: {
    sourceChars: number;
    estimatedOutputTokens: number;
    estimatedLlmCostUsd: number;
    estimatedLocalizationCostUsd: number;
    estimatedTotalCostUsd: number;
  };
  byLocale: { targetLocale: string; sourceChars: number; estimatedOutputTokens: number; estimatedCostUsd: number }[];
}

export class LingoDotDevEngineReplica {
  private readonly sessionId = `replica${Math.random().toString(36).slice(2)}`;
  readonly requests: { path: string; body: unknown; status?: number }[] = [];

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

  private async post(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
    const request: { path: string; body: unknown; status?: number } = { path, body };
    this.requests.push(request);
    const response = await fetch(`${this.config.apiUrl}${path}`, {
      method: "POST",
      headers: this.headers,
      body: JSON.stringify(body, null, 2),
      signal,
    });
    request.status = response.status;
    return response;
  }

  private static sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new Error("Operation was aborted"));
      const onAbort = () => {
        clearTimeout(timer);
        reject(new Error("Operation was aborted"));
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** Like the SDK's `fetchWithRetry`: every 5xx and network error is retried, aborts never. */
  private async postWithRetry(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
    const maxRetries = this.config.maxRetries ?? 3;
    const retryDelayMs = this.config.retryDelayMs ?? 500;
    for (let attempt = 0; attempt <= maxRetries; attempt++) {
      if (signal?.aborted) throw new Error("Operation was aborted");
      try {
        const response = await this.post(path, body, signal);
        if (response.status >= 500 && response.status < 600 && attempt < maxRetries) {
          await response.body?.cancel();
          await LingoDotDevEngineReplica.sleep(Math.round(Math.random() * retryDelayMs * 2 ** attempt), signal);
          continue;
        }
        return response;
      } catch (error) {
        if (signal?.aborted) throw error;
        if (attempt < maxRetries) {
          await LingoDotDevEngineReplica.sleep(Math.round(Math.random() * retryDelayMs * 2 ** attempt), signal);
          continue;
        }
        throw error;
      }
    }
    throw new Error("Localization request failed after exhausting retries");
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

  async localizeObject(
    obj: Record<string, unknown>,
    params: LocalizeParams,
    progressCallback?: (progress: number) => void,
    signal?: AbortSignal,
  ): Promise<Record<string, unknown>> {
    const localized: Record<string, unknown>[] = [];
    const chunks = this.chunks(obj);
    for (const [index, data] of chunks.entries()) {
      const body = {
        params: { fast: params.fast ?? false },
        sourceLocale: params.sourceLocale,
        targetLocale: params.targetLocale,
        data,
        reference: params.reference,
        hints: params.hints,
        sessionId: this.sessionId,
        triggerType: params.triggerType,
        metadata: params.filePath ? { filePath: params.filePath } : undefined,
        ...(this.config.engineId ? { engineId: this.config.engineId } : {}),
      };
      const response = await this.postWithRetry("/process/localize", body, signal);
      await LingoDotDevEngineReplica.throwOnHttpError(response);
      const json = (await response.json()) as { data?: Record<string, unknown>; error?: string };
      if (!json.data && json.error) throw new Error(json.error);
      localized.push(json.data ?? {});
      progressCallback?.(Math.round(((index + 1) / chunks.length) * 100));
    }
    return Object.assign({}, ...localized);
  }

  async localizeText(text: string, params: LocalizeParams, signal?: AbortSignal): Promise<string> {
    const result = await this.localizeObject({ text }, params, undefined, signal);
    return (result.text as string) || "";
  }

  async batchLocalizeText(
    text: string,
    params: { sourceLocale: string; targetLocales: string[]; fast?: boolean },
    signal?: AbortSignal,
  ): Promise<string[]> {
    return Promise.all(
      params.targetLocales.map((targetLocale) =>
        this.localizeText(text, { sourceLocale: params.sourceLocale, targetLocale, fast: params.fast }, signal),
      ),
    );
  }

  async localizeStringArray(strings: string[], params: LocalizeParams): Promise<string[]> {
    const mapped = Object.fromEntries(strings.map((text, index) => [`item_${index}`, text]));
    return Object.values(await this.localizeObject(mapped, params)) as string[];
  }

  async localizeChat(
    chat: { name: string; text: string }[],
    params: LocalizeParams,
    signal?: AbortSignal,
  ): Promise<{ name: string; text: string }[]> {
    const mapped = Object.fromEntries(chat.map((message, index) => [`chat_${index}`, message.text]));
    const localized = await this.localizeObject(mapped, params, undefined, signal);
    return Object.entries(localized).map(([key, value]) => ({
      name: chat[Number.parseInt(key.split("_")[1]!, 10)]!.name,
      text: value as string,
    }));
  }

  /**
   * Like the SDK: text nodes and the attributes meta[content], img[alt], input[placeholder],
   * a[title] (not inside script/style) keyed by their position ("body/0/1", "head/2#content"),
   * localized as one object and written back; `<html lang>` set to the target locale.
   */
  async localizeHtml(html: string, params: LocalizeParams, signal?: AbortSignal): Promise<string> {
    type Dom = { window: { document: Document }; serialize(): string };
    const { JSDOM } = (await import("jsdom" as string)) as { JSDOM: new (html: string) => Dom };
    const dom = new JSDOM(html);
    const document = dom.window.document;
    const attributesOf: Record<string, string[]> = {
      meta: ["content"],
      img: ["alt"],
      input: ["placeholder"],
      a: ["title"],
    };
    const significant = (node: Node) => node.nodeType === 1 || (node.nodeType === 3 && !!node.textContent?.trim());
    const extracted: Record<string, string> = {};
    const pathOf = (node: Node, attribute?: string) => {
      const indices: number[] = [];
      let current = node as ChildNode;
      let root = "";
      while (current) {
        const parent = current.parentElement;
        if (!parent) break;
        if (parent === document.documentElement) {
          root = current.nodeName.toLowerCase();
          break;
        }
        const index = Array.from(parent.childNodes).filter(significant).indexOf(current);
        if (index !== -1) indices.unshift(index);
        current = parent;
      }
      const base = root ? `${root}/${indices.join("/")}` : indices.join("/");
      return attribute ? `${base}#${attribute}` : base;
    };
    const visit = (node: Node) => {
      for (let parent = node.parentElement; parent; parent = parent.parentElement)
        if (["script", "style"].includes(parent.tagName.toLowerCase())) return;
      if (node.nodeType === 3) {
        const text = node.textContent?.trim() ?? "";
        if (text) extracted[pathOf(node)] = text;
      } else if (node.nodeType === 1) {
        const element = node as Element;
        for (const attribute of attributesOf[element.tagName.toLowerCase()] ?? []) {
          const value = element.getAttribute(attribute);
          if (value) extracted[pathOf(element, attribute)] = value;
        }
        Array.from(element.childNodes).filter(significant).forEach(visit);
      }
    };
    Array.from(document.head.childNodes).filter(significant).forEach(visit);
    Array.from(document.body.childNodes).filter(significant).forEach(visit);
    const localized = await this.localizeObject(extracted, params, undefined, signal);
    document.documentElement.setAttribute("lang", params.targetLocale);
    for (const [path, value] of Object.entries(localized)) {
      const [nodePath, attribute] = path.split("#");
      const [rootTag, ...indices] = nodePath!.split("/");
      let parent: Element = rootTag === "head" ? document.head : document.body;
      let current: Node | null = parent;
      for (const index of indices) {
        current = Array.from(parent.childNodes).filter(significant)[Number.parseInt(index, 10)] ?? null;
        if (current?.nodeType === 1) parent = current as Element;
      }
      if (current) {
        if (attribute) (current as Element).setAttribute(attribute, value as string);
        else current.textContent = value as string;
      }
    }
    return dom.serialize();
  }

  async estimate(items: { targetLocale: string; sourceChars: number }[], signal?: AbortSignal): Promise<CostEstimate> {
    const response = await this.post("/process/estimate", { items }, signal);
    await LingoDotDevEngineReplica.throwOnHttpError(response, "Error estimating cost");
    return (await response.json()) as CostEstimate;
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
