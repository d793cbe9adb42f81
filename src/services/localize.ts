import type { LocalizeResponse, QualityCheck } from "../contract/process.js";
import { icuUnits, type IcuUnitPlan } from "../core/content/icu-units.js";
import { isFormatMetadata } from "../core/content/format-metadata.js";
import { untranslatedStrings } from "../core/content/untranslated-strings.js";
import { answerChecks } from "../core/quality/report.js";
import { collectStrings, replaceStrings, type JsonValue, type StringLeaf } from "../core/content/walk-strings.js";
import type { Credentials } from "../core/engines/credentials.js";
import { resolveSettings } from "../core/engines/engine-config.js";
import { configFingerprint } from "../core/engines/fingerprint.js";
import { engineFailureStatus } from "../core/engines/engine-failure-status.js";
import { referenceExamples, trimHints } from "../core/engines/prompt-context.js";
import { AppError } from "../core/errors/app-error.js";
import { errorMessage } from "../core/errors/messages.js";
import { AllModelsFailedError, translateStrings } from "../engines/pipeline/translate-strings.js";
import type { TranslationMemory } from "../engines/pipeline/translation-memory.js";
import { withoutFinalPeriod } from "../engines/pipeline/translate-chunk.js";
import { ProviderError, UnsupportedPairError } from "../engines/provider-error.js";
import { providerFor, providerNamed } from "../engines/registry.js";
import { decryptCredentials } from "../security/credential-box.js";
import type { EngineRow } from "../storage/repositories/engines.js";
import { lookupTranslations, storeTranslations } from "../storage/repositories/translation-memory.js";
import { StorageUnavailableError, type Sql } from "../storage/sql.js";
import { NEAR_MATCH_BUDGET_MS } from "../core/engines/near-matches.js";
import { nearMatchesIn } from "./cache/near-match-lookup.js";
import type { TranslationMemoryBatcher } from "./cache/translation-memory-batcher.js";
import type { TranslationMemoryCache } from "./cache/translation-memory-cache.js";
import { engineForKey } from "./engine-for-key.js";
import type { KeyPrincipal } from "./key-principal.js";
import { keyCallOf, usageErrorCode } from "./limits/key-call.js";
import type { EngineWait } from "../observability/engine-wait.js";
import type { Metrics } from "../observability/metrics.js";
import { countCharacters } from "../core/limits/count-characters.js";

export interface LocalizeRequest {
  engineId: string | null;
  sourceLocale: string;
  targetLocale: string;
  data: Record<string, JsonValue>;
  hints: Record<string, string[]> | undefined;
  /** `{ <locale>: <payload> }`: the project's existing strings (the Lingo.dev CLI sends whole files). */
  reference?: Record<string, unknown> | undefined;
}

/** The shell the pipeline needs: the database (translation memory) and the secret that opens credentials. */
export interface LocalizeDeps {
  sql: Sql;
  secretKey: string | undefined;
  /**
   * Aborts provider work when whoever asked is gone (e.g. the HTTP client disconnected); asked
   * for only when a provider call may be cancelled.
   */
  clientGone?: (() => AbortSignal) | undefined;
  /** Remembered translations kept in memory (absent with GLOSSA_KEY_CACHE=off). */
  memoryCache?: TranslationMemoryCache | undefined;
  /** Counts calls by provider and outcome, characters, and what the pipeline does (docs/metrics.md). */
  metrics?: Metrics | undefined;
  /**
   * The instance's translation-memory statements: lookups of concurrent calls merged, fresh
   * translations written after the answer. Without it every call reads and writes its own.
   */
  memoryBatcher?: TranslationMemoryBatcher | undefined;
  /** Near matches as LLM prompt examples (on by default; GLOSSA_NEAR_MATCHES=off turns them off). */
  nearMatches?: boolean | undefined;
  /** Milliseconds a call may spend on near matches, from `receivedAt` (GLOSSA_NEAR_MATCH_BUDGET_MS). */
  nearMatchBudgetMs?: number | undefined;
  /**
   * When the call was received (`performance.now()`): near matches' budget counts from it, so a call
   * that waited in a burst skips them. Absent: from when the call reaches the service.
   */
  receivedAt?: number | undefined;
  /** Where the HTTP request keeps the time it waited for provider calls (the request log's "slow" leaves it out). */
  engineWait?: EngineWait | undefined;
  /** `false` skips the quality report: set only by the bench (BenchSwitches.qualityReport), to measure what it costs. */
  qualityReport?: false | undefined;
}

/**
 * Hints are keyed by a leaf's dotted path, or by its top-level key for a whole subtree; any
 * number and length are accepted, and what reaches a provider is trimmed to a budget.
 */
function hintsFor(hints: Record<string, string[]> | undefined, path: (string | number)[]): string[] | undefined {
  if (!hints) return undefined;
  const dotted = path.join(".");
  if (Object.hasOwn(hints, dotted)) return trimHints(hints[dotted]);
  const top = String(path[0]);
  return Object.hasOwn(hints, top) ? trimHints(hints[top]) : undefined;
}

/** The translated strings back in leaf order, format metadata as sent. */
function withMetadata(allLeaves: readonly StringLeaf[], translated: readonly string[]): string[] {
  let next = 0;
  return allLeaves.map((leaf) => (isFormatMetadata(leaf.path) ? leaf.value : translated[next++]!));
}

/** 502 (a retry may help) unless `status` says otherwise; `reason` is one sentence, its final period added here. */
function engineFailed(engine: EngineRow, reason: string, status: 422 | 502 = 502): AppError {
  const message = errorMessage("engine_failed", {
    engineId: engine.id,
    provider: engine.provider,
    reason: `${withoutFinalPeriod(reason)}.`,
  });
  return status === 422 ? new AppError("engine_failed", message, { status }) : new AppError("engine_failed", message);
}

function openCredentials(engine: EngineRow, secretKey: string | undefined): Credentials {
  if (engine.credentials === null) return {};
  if (!secretKey)
    throw engineFailed(engine, "its credentials are stored encrypted but this server has no GLOSSA_SECRET_KEY", 422);
  try {
    return decryptCredentials(secretKey, engine.organizationId, engine.credentials) as Credentials;
  } catch {
    throw engineFailed(
      engine,
      "its credentials cannot be decrypted with this server's GLOSSA_SECRET_KEY; store them again",
      422,
    );
  }
}

function memoryFor(
  deps: LocalizeDeps,
  engine: EngineRow,
  sourceLocale: string,
  targetLocale: string,
): TranslationMemory {
  const scope = {
    engineId: engine.id,
    fingerprint: configFingerprint(engine.provider, engine.config),
    sourceLocale,
    targetLocale,
  };
  const stored: TranslationMemory = deps.memoryBatcher
    ? deps.memoryBatcher.memory(scope)
    : {
        lookup: (hashes) => lookupTranslations(deps.sql, scope, hashes),
        store: (entries) => storeTranslations(deps.sql, scope, entries),
        nearMatches: (texts, deadline) => nearMatchesIn(deps.sql, scope, texts, deadline),
      };
  const memory = deps.memoryCache ? deps.memoryCache.around(scope, stored) : stored;
  if (deps.nearMatches) return memory;
  return { lookup: (hashes) => memory.lookup(hashes), store: (entries) => memory.store(entries) };
}

/** The provider label of a call: a provider this server knows, `unknown` for another stored name, `none` without an engine. */
function providerLabel(engine: EngineRow | null): string {
  if (!engine) return "none";
  return providerNamed(engine.provider) ? engine.provider : "unknown";
}

/** docs/api.md#localization for an authenticated principal, counted in the metrics by provider and outcome. */
export async function localize(
  principal: KeyPrincipal,
  request: LocalizeRequest,
  deps: LocalizeDeps,
): Promise<LocalizeResponse> {
  const metrics = deps.metrics;
  if (!metrics) return translateRequest(principal, request, deps);
  const provider = providerLabel(principal.engine);
  try {
    const response = await translateRequest(principal, request, deps);
    metrics.localizeCall(provider, "success");
    return response;
  } catch (error) {
    metrics.localizeCall(provider, usageErrorCode(error));
    throw error;
  }
}

async function translateRequest(
  principal: KeyPrincipal,
  request: LocalizeRequest,
  deps: LocalizeDeps,
): Promise<LocalizeResponse> {
  const receivedAt = performance.now();
  const call = keyCallOf(principal);
  call?.targetsEngine();
  const engine = await engineForKey(deps.sql, principal, request.engineId);
  const allLeaves = collectStrings(request.data);
  const leaves = allLeaves.filter((leaf) => !isFormatMetadata(leaf.path));
  const base = { sourceLocale: request.sourceLocale, targetLocale: request.targetLocale };
  if (leaves.length === 0)
    return {
      ...base,
      data: replaceStrings(
        request.data,
        allLeaves.map((leaf) => leaf.value),
      ),
    };
  const descriptor = providerNamed(engine.provider);
  if (!descriptor) throw engineFailed(engine, `provider "${engine.provider}" is not supported by this server`, 422);

  // docs/usage-and-limits.md: the monthly character limits are checked (and the characters reserved) before any work.
  const characters = countCharacters(leaves);
  call?.reserveCharacters(characters);

  const settings = resolveSettings(engine.config, descriptor);
  const provider = providerFor(engine, openCredentials(engine, deps.secretKey), {
    store: descriptor.traits.keepsState ? deps.sql : undefined,
    onRetry: deps.metrics?.retryCounter(engine.provider),
  });
  const memory =
    settings.translationMemory && provider.memoizable !== false
      ? memoryFor(deps, engine, request.sourceLocale, request.targetLocale)
      : null;

  // Plural/select branches are translated one by one, in the target's plural categories, and put back into the skeleton.
  const plan = icuUnits(
    leaves.map((leaf) => leaf.value),
    { ...base, numbers: descriptor.traits.writesPluralCategories ? "named" : "numbered" },
  );
  // The signal is made only if a provider call is about to start (the pipeline asks for it).
  let made: AbortSignal | undefined;
  const clientGone = deps.clientGone;
  const signal = clientGone ? () => (made ??= clientGone()) : undefined;
  let output;
  try {
    output = await translateStrings({
      providerName: engine.provider,
      provider,
      settings,
      sourceLocale: request.sourceLocale,
      targetLocale: request.targetLocale,
      texts: plan.units,
      hints: plan.owners.map((owner) => hintsFor(request.hints, leaves[owner]!.path)),
      examples: request.reference
        ? referenceExamples(
            request.reference,
            request.sourceLocale,
            request.targetLocale,
            leaves.map((leaf) => leaf.path.join("/")),
          )
        : undefined,
      memory,
      nearMatchDeadline: (deps.receivedAt ?? receivedAt) + (deps.nearMatchBudgetMs ?? NEAR_MATCH_BUDGET_MS),
      signal,
      metrics: deps.metrics,
      engineWait: deps.engineWait,
    });
  } catch (error) {
    if (made?.aborted) throw made.reason;
    if (error instanceof AppError || error instanceof StorageUnavailableError) throw error;
    if (error instanceof UnsupportedPairError) throw new AppError("unsupported_locale_pair", error.message);
    if (error instanceof AllModelsFailedError)
      throw engineFailed(engine, error.failures.join("; "), engineFailureStatus(error.kinds));
    if (error instanceof ProviderError) throw engineFailed(engine, error.message, engineFailureStatus([error.failure]));
    throw engineFailed(engine, "unexpected error");
  }
  deps.metrics?.charactersTranslated(engine.provider, characters);
  call?.translated({
    memoryHits: output.memoryHits,
    nearMatches: output.translationMemory?.near ?? 0,
    memoryMisses: output.translationMemory?.miss ?? 0,
    inputTokens: output.usage?.inputTokens ?? 0,
    outputTokens: output.usage?.outputTokens ?? 0,
  });
  const tokens = output.usage ?? { inputTokens: 0, outputTokens: 0 };
  const { outputs, untranslated } = untranslatedStrings({
    leaves,
    outputs: plan.rebuild(output.texts),
    failures: leafFailures(leaves.length, plan, output),
    sourceLocale: request.sourceLocale,
    targetLocale: request.targetLocale,
  });
  // The quality report (docs/quality.md#checks): one pure call on the final strings, counted for the dashboard.
  let checks: QualityCheck[] = [];
  if (deps.qualityReport !== false) {
    const started = deps.metrics ? performance.now() : 0;
    checks = answerChecks({
      leaves,
      outputs,
      tokensKept: leavesWithTokensKept(leaves, plan, output.tokensKept),
      untranslated,
      ...base,
      glossary: settings.glossary,
    });
    const failed = untranslated.filter((item) => item.code === "engine_failed").length;
    const strings = leaves.length - failed;
    call?.checked({ targetLocale: request.targetLocale, strings, findings: checks });
    deps.metrics?.qualityReport(engine.provider, strings, (performance.now() - started) / 1000);
  }
  return {
    ...base,
    data: replaceStrings(request.data, withMetadata(allLeaves, outputs)),
    ...(output.model ? { model: output.model } : {}),
    ...(output.translationMemory
      ? { usage: { ...tokens, translationMemory: output.translationMemory } }
      : output.usage
        ? { usage: output.usage }
        : {}),
    ...(untranslated.length > 0 ? { untranslated } : {}),
    ...(checks.length > 0 ? { checks } : {}),
  };
}

/**
 * Per leaf: translated whole (not branch by branch) by an engine whose answer kept every token of
 * the source (the output check's hand-over to the quality report, docs/quality.md#what-the-output-check-hands-over).
 */
function leavesWithTokensKept(
  leaves: readonly { value: string }[],
  plan: Pick<IcuUnitPlan, "units" | "owners">,
  tokensKept: readonly boolean[],
): boolean[] {
  const kept = new Array<boolean>(leaves.length).fill(false);
  const units = new Array<number>(leaves.length).fill(0);
  plan.owners.forEach((owner, unit) => {
    units[owner] = units[owner]! + 1;
    kept[owner] = tokensKept[unit] === true && plan.units[unit] === leaves[owner]!.value;
  });
  return kept.map((whole, leaf) => whole && units[leaf] === 1);
}

/**
 * Per leaf, why it failed: the reason of its first unit (a plural branch, or the whole string) that
 * failed, or whose plural number did not come back.
 */
function leafFailures(
  count: number,
  plan: Pick<IcuUnitPlan, "units" | "owners" | "problem">,
  output: { texts: readonly string[]; failed?: ReadonlyMap<string, string> | undefined },
): (string | undefined)[] {
  const failures: (string | undefined)[] = new Array<string | undefined>(count).fill(undefined);
  plan.units.forEach((unit, index) => {
    const reason = output.failed?.get(unit) ?? plan.problem(index, output.texts[index]!);
    const owner = plan.owners[index]!;
    if (reason !== undefined && failures[owner] === undefined) failures[owner] = `${withoutFinalPeriod(reason)}.`;
  });
  return failures;
}
