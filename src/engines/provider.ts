import type { GlossaryItem } from "../core/engines/glossary-item.js";
import type { ReferenceExample } from "../core/engines/prompt-context.js";

/** What every translation provider implements; the pipeline does the rest (chunks, fallback, validation, memory). */
export interface TranslateInput {
  sourceLocale: string;
  targetLocale: string;
  /** The strings to translate, in order. */
  texts: string[];
  /** Context breadcrumbs per string (same order as `texts`), from the request's `hints`. */
  hints: (string[] | undefined)[];
  /** The model to use (a name from the engine's `models`, or one of `defaultModels`). */
  model?: string | undefined;
  /** Glossary items that apply to this locale pair. */
  glossary?: GlossaryItem[];
  instructions?: { targetLocale?: string | undefined; text: string }[];
  brandVoice?: { targetLocale?: string | undefined; text: string }[];
  /** Existing translations of the project (from `reference`), bounded; for LLM prompts. */
  examples?: ReferenceExample[];
  signal?: AbortSignal;
}

export interface TranslateOutput {
  /** One entry per input string; undefined when the provider did not return that string. */
  texts: (string | undefined)[];
  /** `provider/model` when a model produced the output. */
  model?: string;
  usage?: { inputTokens: number; outputTokens: number };
}

export interface TranslationProvider {
  translate(input: TranslateInput): Promise<TranslateOutput>;
  /** Models to try when the engine configures none for the pair; `[undefined]` for model-less providers. */
  defaultModels?(sourceLocale: string, targetLocale: string): Promise<(string | undefined)[]>;
  /**
   * True for providers whose prompt carries examples (the LLMs): they get near matches from the
   * translation memory for the strings it misses (docs/engines.md#near-matches).
   */
  readonly takesExamples?: boolean;
  /** False for providers whose output is cheaper to recompute than to look up (pseudo). */
  readonly memoizable?: boolean;
  /** False for providers that compute locally and cannot be cancelled (pseudo): no abort signal is made for them. */
  readonly cancellable?: boolean;
}

/** An engine as the providers see it: its public configuration and decrypted credentials. */
export interface EngineSpec {
  id: string;
  provider: string;
  config: Record<string, unknown>;
}
