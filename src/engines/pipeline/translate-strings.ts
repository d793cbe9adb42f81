import { postEdit } from "../../core/content/post-edit.js";
import { planChunks } from "../../core/engines/chunk-plan.js";
import type { ResolvedSettings } from "../../core/engines/engine-config.js";
import { glossaryFor } from "../../core/engines/glossary.js";
import { NEAR_MATCH_BUDGET_MS, nearMatchQueries } from "../../core/engines/near-matches.js";
import type { ReferenceExample } from "../../core/engines/prompt-context.js";
import { rankModels } from "../../core/engines/rank-models.js";
import type { ProviderFailure } from "../provider-error.js";
import type { TranslationProvider } from "../provider.js";
import { mapConcurrent } from "./map-concurrent.js";
import { dedupe, isBlank, type SourceString, type Translation } from "./source-strings.js";
import {
  addUsage,
  translateChunkWithFallback,
  type ChunkCall,
  type ChunkOutcome,
  type Usage,
} from "./translate-chunk.js";
import type { EngineWait } from "../../observability/engine-wait.js";
import type { Metrics } from "../../observability/metrics.js";
import { recallFromMemory, rememberTranslations, type TranslationMemory } from "./translation-memory.js";

/** For providers that cannot be cancelled: a signal nothing ever aborts. */
const NEVER_ABORTED = new AbortController().signal;

export interface TranslateStringsInput {
  providerName: string;
  provider: TranslationProvider;
  settings: ResolvedSettings;
  sourceLocale: string;
  targetLocale: string;
  texts: readonly string[];
  hints: readonly (string[] | undefined)[];
  memory: TranslationMemory | null;
  /** Existing translations of the project (from the request's `reference`), for LLM prompts. */
  examples?: ReferenceExample[] | undefined;
  /**
   * The caller gave up (the client went away): provider calls stop, nothing is retried or falls
   * back. A function is called only when a cancellable provider call is about to start.
   */
  signal?: AbortSignal | (() => AbortSignal) | undefined;
  /** Counts memory hits and misses, provider calls and fallbacks (docs/metrics.md). */
  metrics?: Metrics | undefined;
  /** Where the request keeps the time it waited for provider calls. */
  engineWait?: EngineWait | undefined;
  /** No near-match lookup starts after this (`performance.now()` clock). Default: the budget from now. */
  nearMatchDeadline?: number | undefined;
}

export interface TranslateStringsResult {
  /** The translations in input order; a string that failed with every model is its source text. */
  texts: string[];
  /**
   * The strings that failed with every model (by source text), with why: one sentence per model
   * tried. Absent when every string was translated; when none could be, the call throws instead.
   */
  failed?: ReadonlyMap<string, string>;
  model?: string;
  usage?: Usage;
  /**
   * Per input string: an engine answered it in this call and the output check found exactly the
   * source's tokens in the answer (Translation.tokensKept); false for strings recalled from the
   * translation memory, failed or blank. The quality report skips its token checks for them.
   */
  tokensKept: boolean[];
  /** Distinct strings served from the translation memory. */
  memoryHits: number;
  /**
   * With a translation memory: distinct strings it served (`exact`), missed strings whose prompt
   * carried near matches (`near`), and the other missed strings (`miss`).
   */
  translationMemory?: { exact: number; near: number; miss: number };
}

/** Every model failed for every string of the call; `failures` says how, per model, and `kinds` of what kind. */
export class AllModelsFailedError extends Error {
  constructor(
    readonly failures: string[],
    readonly kinds: ProviderFailure[] = [],
  ) {
    super(`all models failed: ${failures.join("; ")}`);
    this.name = "AllModelsFailedError";
  }
}

/**
 * Translates a flat list of strings: identical strings once, whitespace-only strings not at
 * all; what the translation memory remembers is served from it, the rest goes in chunks with
 * bounded concurrency to the ranked models in turn until every string has an output that
 * keeps its placeholders and honours the glossary. A string that no model translated keeps
 * its source text and is listed in `failed`; only when no string at all was translated does
 * the call throw `AllModelsFailedError`.
 */
export async function translateStrings(input: TranslateStringsInput): Promise<TranslateStringsResult> {
  const nearMatchDeadline = input.nearMatchDeadline ?? performance.now() + NEAR_MATCH_BUDGET_MS;
  const { settings, memory } = input;
  const pendingModels = modelsFor(input);
  const models = pendingModels instanceof Promise ? await pendingModels : pendingModels;
  const unique = dedupe(input.texts, input.hints);
  // Remembered strings first, so that provider chunks are packed with misses only.
  // Post-edited again: the memory may hold translations stored before the post-edits existed.
  const recalled = memory ? postEdited(await recallFromMemory(memory, unique), input.targetLocale) : NOTHING_RECALLED;
  const misses = recalled.size === 0 ? unique : unique.filter((source) => !recalled.has(source.text));
  if (memory) input.metrics?.memoryLookup(input.providerName, recalled.size, misses.length);
  const queries =
    memory?.nearMatches && input.provider.takesExamples ? nearMatchQueries(misses.map((s) => s.text)) : [];
  const nearMatches = queries.length > 0 ? await memory?.nearMatches?.(queries, nearMatchDeadline) : undefined;
  const call = {
    providerName: input.providerName,
    provider: input.provider,
    models,
    sourceLocale: input.sourceLocale,
    targetLocale: input.targetLocale,
    glossary: glossaryFor(settings.glossary, input.sourceLocale, input.targetLocale),
    instructions: settings.instructions,
    brandVoice: settings.brandVoice,
    examples: input.examples,
    nearMatches,
    metrics: input.metrics,
    engineWait: input.engineWait,
  };
  const outcomes = await translateChunks(
    call,
    planChunks(misses, (source) => source.text, settings.chunking),
    settings.chunking.concurrency,
    memory,
    input.signal,
  );

  const translated = allTranslations(recalled, outcomes);
  const failed = failedStrings(misses, translated, outcomes);
  if (failed.size > 0 && failed.size === unique.length)
    throw new AllModelsFailedError(
      outcomes.flatMap((outcome) => outcome.failures),
      outcomes.flatMap((outcome) => outcome.failureKinds),
    );
  const usage = outcomes.map((outcome) => outcome.usage).reduce(addUsage, undefined);
  const near = outcomes.reduce((sum, outcome) => sum + (outcome.nearMatched ?? 0), 0);
  const tokensKept: boolean[] = [];
  const texts = input.texts.map((text) => {
    if (isBlank(text) || failed.has(text)) {
      tokensKept.push(false);
      return text;
    }
    const translation = translationOf(translated, text);
    tokensKept.push(translation.tokensKept === true);
    return translation.text;
  });
  return {
    texts,
    tokensKept,
    ...(failed.size > 0 ? { failed } : {}),
    ...mostUsedModel(unique.flatMap((source) => translated.get(source.text)?.model ?? [])),
    ...(usage ? { usage } : {}),
    memoryHits: recalled.size,
    ...(memory ? { translationMemory: { exact: recalled.size, near, miss: misses.length - near } } : {}),
  };
}

const NOTHING_RECALLED: ReadonlyMap<string, Translation> = new Map();
const NO_MODEL: readonly (string | undefined)[] = [undefined];

/**
 * The engine's models for the pair by rank, else the provider's defaults, else one call without
 * a model; a promise only when the provider is asked.
 */
function modelsFor(
  input: TranslateStringsInput,
): readonly (string | undefined)[] | Promise<readonly (string | undefined)[]> {
  const configured = rankModels(input.settings.models, input.sourceLocale, input.targetLocale);
  if (configured.length > 0) return configured;
  if (!input.provider.defaultModels) return NO_MODEL;
  return input.provider.defaultModels(input.sourceLocale, input.targetLocale).then((models) => models ?? NO_MODEL);
}

/** Remembered and freshly translated strings together; a single source (the usual case) is used as it is. */
function allTranslations(
  recalled: ReadonlyMap<string, Translation>,
  outcomes: readonly ChunkOutcome[],
): ReadonlyMap<string, Translation> {
  if (outcomes.length === 0) return recalled;
  if (recalled.size === 0 && outcomes.length === 1) return outcomes[0]!.translated;
  return new Map([...recalled, ...outcomes.flatMap((outcome) => [...outcome.translated])]);
}

/**
 * Translates the chunks, at most `concurrency` at a time, and remembers what each produced.
 * A chunk whose strings failed for good (invalid output, or a provider error for the whole
 * chunk with every model) does not stop the others; the caller's signal or an unexpected
 * error aborts the chunks still running and fails the request.
 */
async function translateChunks(
  call: Omit<ChunkCall, "signal">,
  chunks: readonly SourceString[][],
  concurrency: number,
  memory: TranslationMemory | null,
  callerSignal: TranslateStringsInput["signal"],
): Promise<ChunkOutcome[]> {
  if (chunks.length === 0) return [];
  // A local provider (pseudo) runs to completion anyway: no controller, no listener.
  const abort = call.provider.cancellable === false ? undefined : new AbortController();
  const caller = abort && (typeof callerSignal === "function" ? callerSignal() : callerSignal);
  const signal = !abort ? NEVER_ABORTED : caller ? AbortSignal.any([abort.signal, caller]) : abort.signal;
  try {
    return await mapConcurrent(chunks, concurrency, async (chunk) => {
      const outcome = await translateChunkWithFallback({ ...call, signal }, chunk);
      if (memory) await rememberTranslations(memory, outcome.translated);
      return outcome;
    });
  } catch (error) {
    abort?.abort(error);
    throw error;
  }
}

function translationOf(translated: ReadonlyMap<string, Translation>, text: string): Translation {
  const translation = translated.get(text);
  // A string without a translation is in `failed`.
  if (!translation) throw new Error("a string was left without a translation");
  return translation;
}

function postEdited(recalled: Map<string, Translation>, targetLocale: string): Map<string, Translation> {
  for (const [text, translation] of recalled)
    recalled.set(text, { ...translation, text: postEdit(text, translation.text, targetLocale) });
  return recalled;
}

/** The missed strings no model translated, with every model's reason for each (one sentence). */
function failedStrings(
  misses: readonly SourceString[],
  translated: ReadonlyMap<string, Translation>,
  outcomes: readonly ChunkOutcome[],
): Map<string, string> {
  const failed = new Map<string, string>();
  for (const source of misses) {
    if (translated.has(source.text)) continue;
    const reasons = outcomes.flatMap((outcome) => outcome.stringFailures?.get(source.text) ?? []);
    failed.set(source.text, reasons.join("; ") || "no model translated it");
  }
  return failed;
}

/** The response names one model: the one that produced most of the distinct strings. */
function mostUsedModel(models: readonly (string | null)[]): { model?: string } {
  const counts = new Map<string, number>();
  for (const model of models) if (model) counts.set(model, (counts.get(model) ?? 0) + 1);
  let best: [string, number] | undefined;
  for (const entry of counts) if (!best || entry[1] > best[1]) best = entry;
  return best ? { model: best[0] } : {};
}
