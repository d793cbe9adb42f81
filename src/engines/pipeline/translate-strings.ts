import { planChunks } from "../../core/engines/chunk-plan.js";
import type { ResolvedSettings } from "../../core/engines/engine-config.js";
import { sourceHash } from "../../core/engines/fingerprint.js";
import { glossaryFor } from "../../core/engines/glossary.js";
import { rankModels } from "../../core/engines/rank-models.js";
import { translationProblems } from "../../core/engines/validate-output.js";
import { ProviderError } from "../provider-error.js";
import type { TranslationProvider } from "../provider.js";
import { mapConcurrent } from "./map-concurrent.js";

/** Where remembered translations live; the pipeline asks once per chunk. */
export interface TranslationMemory {
  lookup(sourceHashes: string[]): Promise<Map<string, { targetText: string; model: string | null }>>;
  store(entries: { sourceHash: string; sourceText: string; targetText: string; model: string | null }[]): Promise<void>;
}

export interface TranslateStringsInput {
  providerName: string;
  provider: TranslationProvider;
  settings: ResolvedSettings;
  sourceLocale: string;
  targetLocale: string;
  texts: readonly string[];
  hints: readonly (string[] | undefined)[];
  memory: TranslationMemory | null;
  /** The caller gave up (the client went away): provider calls stop, nothing is retried or falls back. */
  signal?: AbortSignal | undefined;
}

export interface TranslateStringsResult {
  texts: string[];
  model?: string;
  usage?: { inputTokens: number; outputTokens: number };
}

/** Every model failed for some strings; `failures` says how, per model. */
export class AllModelsFailedError extends Error {
  constructor(readonly failures: string[]) {
    super(`all models failed: ${failures.join("; ")}`);
    this.name = "AllModelsFailedError";
  }
}

/** Most source hashes per translation-memory query. */
const MEMORY_BATCH = 1000;

interface Produced {
  text: string;
  model: string | null;
}

/**
 * Translates a flat list of strings: identical strings once, whitespace-only strings not at
 * all; what the translation memory remembers (looked up in batches of up to 1000) is served
 * from it, the rest goes in chunks with bounded concurrency to the ranked models in turn
 * until every string has an output that keeps its placeholders and honours the glossary.
 */
export async function translateStrings(input: TranslateStringsInput): Promise<TranslateStringsResult> {
  const { settings, provider } = input;
  const glossary = glossaryFor(settings.glossary, input.sourceLocale, input.targetLocale);
  const configured = rankModels(settings.models, input.sourceLocale, input.targetLocale);
  const models: (string | undefined)[] =
    configured.length > 0
      ? configured
      : ((await provider.defaultModels?.(input.sourceLocale, input.targetLocale)) ?? [undefined]);

  const uniqueIndex = new Map<string, number>();
  const unique: { text: string; hints: string[] | undefined }[] = [];
  const slotOf = input.texts.map((text, index) => {
    if (text.trim().length === 0) return -1;
    let slot = uniqueIndex.get(text);
    if (slot === undefined) {
      slot = unique.push({ text, hints: input.hints[index] }) - 1;
      uniqueIndex.set(text, slot);
    }
    return slot;
  });

  const usage = { inputTokens: 0, outputTokens: 0 };
  let usedTokens = false;
  const abort = new AbortController();
  const signal = input.signal ? AbortSignal.any([abort.signal, input.signal]) : abort.signal;
  const produced: Produced[] = new Array(unique.length);
  const hashes = unique.map((entry) => sourceHash(entry.text));

  // Remembered strings first, in batches, so that provider chunks are packed with misses only.
  let misses = unique.map((_, slot) => slot);
  if (input.memory) {
    const memory = input.memory;
    const batches: number[][] = [];
    for (let i = 0; i < misses.length; i += MEMORY_BATCH) batches.push(misses.slice(i, i + MEMORY_BATCH));
    const found = await mapConcurrent(batches, 2, (batch) => memory.lookup(batch.map((slot) => hashes[slot]!)));
    misses = [];
    batches.forEach((batch, index) => {
      for (const slot of batch) {
        const hit = found[index]!.get(hashes[slot]!);
        if (hit) produced[slot] = { text: hit.targetText, model: hit.model };
        else misses.push(slot);
      }
    });
  }
  const chunks = planChunks(
    misses.map((slot) => unique[slot]!.text),
    settings.chunking,
  ).map((positions) => positions.map((position) => misses[position]!));

  const runChunk = async (chunk: number[]) => {
    let pending = chunk;
    const fresh: number[] = [];
    const failures: string[] = [];
    for (const model of models) {
      if (pending.length === 0) break;
      signal.throwIfAborted();
      const label = `${input.providerName}${model ? `/${model}` : ""}`;
      try {
        const output = await provider.translate({
          sourceLocale: input.sourceLocale,
          targetLocale: input.targetLocale,
          texts: pending.map((slot) => unique[slot]!.text),
          hints: pending.map((slot) => unique[slot]!.hints),
          model,
          glossary,
          instructions: settings.instructions,
          brandVoice: settings.brandVoice,
          signal,
        });
        if (output.usage) {
          usedTokens = true;
          usage.inputTokens += output.usage.inputTokens;
          usage.outputTokens += output.usage.outputTokens;
        }
        const rejected: number[] = [];
        const reasons = new Set<string>();
        pending.forEach((slot, position) => {
          const text = output.texts[position];
          const problems = translationProblems(unique[slot]!.text, text, glossary);
          if (problems.length === 0) {
            produced[slot] = { text: text!, model: output.model ?? null };
            fresh.push(slot);
          } else {
            rejected.push(slot);
            problems.forEach((problem) => reasons.add(problem));
          }
        });
        if (rejected.length > 0)
          failures.push(
            `${label}: invalid output for ${rejected.length} string(s) (${[...reasons].slice(0, 3).join(", ")})`,
          );
        pending = rejected;
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        if (!(error instanceof ProviderError)) throw error;
        failures.push(`${label}: ${error.message}`);
      }
    }
    if (input.memory && fresh.length > 0) {
      await input.memory.store(
        fresh.map((slot) => ({
          sourceHash: hashes[slot]!,
          sourceText: unique[slot]!.text,
          targetText: produced[slot]!.text,
          model: produced[slot]!.model,
        })),
      );
    }
    if (pending.length > 0) throw new AllModelsFailedError(failures);
  };

  try {
    await mapConcurrent(chunks, settings.chunking.concurrency, runChunk);
  } catch (error) {
    abort.abort(error);
    throw error;
  }

  return {
    texts: input.texts.map((text, index) => (slotOf[index]! < 0 ? text : produced[slotOf[index]!]!.text)),
    ...mostUsedModel(produced),
    ...(usedTokens ? { usage } : {}),
  };
}

/** The response names one model: the one that produced most of the strings. */
function mostUsedModel(produced: readonly Produced[]): { model?: string } {
  const counts = new Map<string, number>();
  for (const entry of produced) if (entry.model) counts.set(entry.model, (counts.get(entry.model) ?? 0) + 1);
  let best: string | undefined;
  for (const [model, count] of counts) if (best === undefined || count > counts.get(best)!) best = model;
  return best ? { model: best } : {};
}
