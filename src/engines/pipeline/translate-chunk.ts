import { printfOrderPlan, restorePrintfOrder, type PrintfOrderPlan } from "../../core/content/printf-order.js";
import type { ResolvedSettings } from "../../core/engines/engine-config.js";
import type { GlossaryItem } from "../../core/engines/glossary-item.js";
import { promptExamples, type NearMatch } from "../../core/engines/near-matches.js";
import type { ReferenceExample } from "../../core/engines/prompt-context.js";
import { postEdit } from "../../core/content/post-edit.js";
import { checkOutput, type LocalePair } from "../../core/engines/validate-output.js";
import { ProviderError, type ProviderFailure } from "../provider-error.js";
import type { TranslateOutput, TranslationProvider } from "../provider.js";
import type { SourceString, Translation } from "./source-strings.js";
import type { EngineWait } from "../../observability/engine-wait.js";
import type { Metrics } from "../../observability/metrics.js";

/** What every chunk of one request is translated with. */
export interface ChunkCall {
  providerName: string;
  provider: TranslationProvider;
  /** Tried in this order; `undefined` is one call without a model. */
  models: readonly (string | undefined)[];
  sourceLocale: string;
  targetLocale: string;
  /** The glossary items of the locale pair. */
  glossary: GlossaryItem[];
  instructions: ResolvedSettings["instructions"];
  brandVoice: ResolvedSettings["brandVoice"];
  /** Existing translations of the project (from the request's `reference`), for LLM prompts. */
  examples?: ReferenceExample[] | undefined;
  /** Near matches of missed strings, by source text (docs/engines.md#near-matches); each chunk gets its strings' own. */
  nearMatches?: ReadonlyMap<string, readonly NearMatch[]> | undefined;
  /** Aborted when the caller is gone or another chunk failed for good. */
  signal: AbortSignal;
  /** Times each provider call and counts fallbacks to the next model (docs/metrics.md). */
  metrics?: Metrics | undefined;
  /** Where the request keeps the time it waited for provider calls (the request log's "slow" leaves it out). */
  engineWait?: EngineWait | undefined;
}

export interface Usage {
  inputTokens: number;
  outputTokens: number;
}

export interface ChunkOutcome {
  /** Accepted translations by source text; a string of the chunk missing here failed with every model. */
  translated: Map<string, Translation>;
  /** How each model that fell short did, in the order they were tried. */
  failures: string[];
  /** The kind of each failure, in the same order (what decides 422 or 502). */
  failureKinds: ProviderFailure[];
  /** Tokens of the calls that reported any. */
  usage: Usage | undefined;
  /** Strings of the chunk whose prompt carried at least one of their near matches. */
  nearMatched?: number;
  /** Why each string without an accepted translation failed, by source text: one sentence per model tried. */
  stringFailures?: Map<string, string[]>;
}

export function addUsage(a: Usage | undefined, b: Usage | undefined): Usage | undefined {
  if (!a && !b) return undefined;
  return {
    inputTokens: (a?.inputTokens ?? 0) + (b?.inputTokens ?? 0),
    outputTokens: (a?.outputTokens ?? 0) + (b?.outputTokens ?? 0),
  };
}

/**
 * Sends the chunk to the models in turn, each getting only the strings still without an
 * accepted translation, until none is left or every model was tried. A provider failure moves
 * on to the next model; an abort or an unexpected error ends the chunk.
 */
export async function translateChunkWithFallback(
  call: ChunkCall,
  chunk: readonly SourceString[],
): Promise<ChunkOutcome> {
  let outcome: ChunkOutcome = { translated: new Map(), failures: [], failureKinds: [], usage: undefined };
  const chosen =
    call.nearMatches && call.nearMatches.size > 0
      ? promptExamples(
          chunk.map((source) => source.text),
          call.nearMatches,
          call.examples,
        )
      : undefined;
  const prompted = chosen ? { ...call, examples: chosen.examples } : call;
  const nearMatched = chosen?.helped.size ?? 0;
  for (const model of call.models) {
    const pending =
      outcome.translated.size === 0 ? chunk : chunk.filter((source) => !outcome.translated.has(source.text));
    if (pending.length === 0) break;
    if (outcome.failures.length > 0) call.metrics?.modelFallback(call.providerName);
    const answer = await askModel(prompted, model, pending);
    if (outcome.translated.size === 0 && outcome.failures.length === 0) {
      outcome = answer;
      continue;
    }
    outcome = {
      translated: new Map([...outcome.translated, ...answer.translated]),
      failures: [...outcome.failures, ...answer.failures],
      failureKinds: [...outcome.failureKinds, ...answer.failureKinds],
      usage: addUsage(outcome.usage, answer.usage),
      stringFailures: mergeStringFailures(outcome.stringFailures, answer.stringFailures),
    };
  }
  return nearMatched > 0 ? { ...outcome, nearMatched } : outcome;
}

async function askModel(
  call: ChunkCall,
  model: string | undefined,
  strings: readonly SourceString[],
): Promise<ChunkOutcome> {
  call.signal.throwIfAborted();
  const label = `${call.providerName}${model ? `/${model}` : ""}`;
  const started = call.metrics ? performance.now() : 0;
  let output: TranslateOutput;
  // Two or more non-positional printf arguments go out numbered, so that their order can be checked.
  const plans = strings.map((source) => printfOrderPlan(source.text));
  const waited = call.engineWait?.begin();
  try {
    output = await call.provider.translate({
      sourceLocale: call.sourceLocale,
      targetLocale: call.targetLocale,
      texts: plans.map((plan) => plan.text),
      hints: strings.map((source) => source.hints),
      model,
      glossary: call.glossary,
      instructions: call.instructions,
      brandVoice: call.brandVoice,
      ...(call.examples && call.examples.length > 0 ? { examples: call.examples } : {}),
      signal: call.signal,
    });
  } catch (error) {
    waited?.();
    const outcome = call.signal.aborted ? "aborted" : error instanceof ProviderError ? error.failure : "error";
    call.metrics?.providerCall(call.providerName, model, outcome, (performance.now() - started) / 1000);
    if (call.signal.aborted) throw call.signal.reason;
    if (!(error instanceof ProviderError)) throw error;
    const failure = `${label}: ${withoutFinalPeriod(error.message)}`;
    return {
      translated: new Map(),
      failures: [failure],
      failureKinds: [error.failure],
      usage: undefined,
      stringFailures: new Map(strings.map((source) => [source.text, [failure]])),
    };
  }
  waited?.();
  const accepted = acceptValidOutputs(call.glossary, label, strings, output, plans, call);
  call.metrics?.providerCall(
    call.providerName,
    model,
    accepted.failures.length > 0 ? "invalid_output" : "success",
    (performance.now() - started) / 1000,
  );
  return accepted;
}

/**
 * Keeps the outputs that keep their placeholders and honour the glossary, checked against the text
 * the provider was sent (`plans`), with the printf arguments' order restored, then post-edited (the
 * source's spacing and casing, whatever the provider); reports the others.
 */
function acceptValidOutputs(
  glossary: readonly GlossaryItem[],
  label: string,
  strings: readonly SourceString[],
  output: TranslateOutput,
  plans: readonly PrintfOrderPlan[],
  pair: LocalePair,
): ChunkOutcome {
  const targetLocale = pair.targetLocale;
  const translated = new Map<string, Translation>();
  const reasons = new Set<string>();
  const stringFailures = new Map<string, string[]>();
  strings.forEach((source, position) => {
    const text = output.texts[position];
    const plan = plans[position]!;
    const { problems, tokensKept } = checkOutput(plan.text, text, glossary, pair);
    if (typeof text === "string" && problems.length === 0)
      translated.set(source.text, {
        text: postEdit(source.text, restorePrintfOrder(plan, text), targetLocale),
        model: output.model ?? null,
        tokensKept,
      });
    else {
      problems.forEach((problem) => reasons.add(problem));
      stringFailures.set(source.text, [`${label}: ${problems.slice(0, 3).join(", ") || "no output"}`]);
    }
  });
  const rejected = stringFailures.size;
  const failures =
    rejected > 0 ? [`${label}: invalid output for ${rejected} string(s) (${[...reasons].slice(0, 3).join(", ")})`] : [];
  return {
    translated,
    failures,
    failureKinds: failures.map(() => "invalid_output"),
    usage: output.usage,
    ...(rejected > 0 ? { stringFailures } : {}),
  };
}

function mergeStringFailures(
  a: Map<string, string[]> | undefined,
  b: Map<string, string[]> | undefined,
): Map<string, string[]> | undefined {
  if (!a || !b) return a ?? b;
  const merged = new Map(a);
  for (const [text, reasons] of b) merged.set(text, [...(merged.get(text) ?? []), ...reasons]);
  return merged;
}

/** Failure texts are joined into one sentence; a provider message's own period would double up (".."). */
export function withoutFinalPeriod(text: string): string {
  return text.replace(/[.\s]+$/, "");
}
