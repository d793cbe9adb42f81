/** What every translation provider implements; the localize service does the rest (walking, shape, usage). */
export interface TranslateInput {
  sourceLocale: string;
  targetLocale: string;
  /** The strings to translate, in order. */
  texts: string[];
  /** Context breadcrumbs per string (same order as `texts`), from the request's `hints`. */
  hints: (string[] | undefined)[];
  signal?: AbortSignal;
}

export interface TranslateOutput {
  texts: string[];
  /** `provider/model` when a model produced the output. */
  model?: string;
  usage?: { inputTokens: number; outputTokens: number };
}

export interface TranslationProvider {
  translate(input: TranslateInput): Promise<TranslateOutput>;
}

/** An engine as the providers see it: its public configuration and decrypted credentials. */
export interface EngineSpec {
  id: string;
  provider: string;
  config: Record<string, unknown>;
}
