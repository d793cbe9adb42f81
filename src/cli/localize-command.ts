import { existsSync } from "node:fs";
import { optionsOrExit } from "./command-line.js";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, relative, resolve, sep } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import {
  getJobRemote,
  localizeRemote,
  submitJobRemote,
  whoamiRemote,
  type GlossaConnection,
  type RemoteJob,
} from "./localize/glossa-client.js";
import {
  emptyLock,
  lockedHashes,
  parseLock,
  serializeLock,
  withLockedHashes,
  type LockFile,
} from "./localize/lock-file.js";
import { LOCALIZE_USAGE, parseLocalizeArgs, targetPath, type LocalizeOptions } from "./localize/options.js";
import { planJobs } from "./localize/plan-jobs.js";
import { localizePoTarget, type TranslateBatch } from "./localize-po.js";
import { gettextLanguage } from "../core/gettext/po-header.js";
import { chunkPointers, hashesToLock, planTarget, type TargetPlan } from "./localize/plan-target.js";
import { terminalProgress, type Progress } from "./localize/progress.js";
import { flattenStrings, pickStrings, replaceStrings, type Json } from "./localize/strings-by-pointer.js";
import { checksOf, checksSummary, type QualityItem } from "./localize/quality-summary.js";
import { failedPointers, untranslatedOf, untranslatedWarning, type UntranslatedItem } from "./localize/untranslated.js";

const DEFAULT_URL = "http://127.0.0.1:8787";
/** How often `--async` asks the server how its jobs are doing. */
const JOB_POLL_MS = 500;

/** Error messages name files by their absolute path: the folder a relative name was resolved in is not always obvious. */
async function readJson(path: string, what: string): Promise<Json> {
  const shown = resolve(path);
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EISDIR")
      throw new Error(
        `The ${what} ${shown} is a folder: name one JSON file, such as ${shown.replace(/[\\/]+$/, "")}/en.json. For projects with many files or other formats, use the Lingo.dev CLI with LINGO_API_URL (docs/lingo-sdk.md).`,
        { cause: error },
      );
    if (code === "ENOENT") throw new Error(`The ${what} ${shown} does not exist.`, { cause: error });
    throw new Error(`Cannot read the ${what} ${shown}: ${code ?? (error as Error).message}`, { cause: error });
  }
  try {
    return JSON.parse(text) as Json;
  } catch (error) {
    throw new Error(`The ${what} ${shown} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
}

async function readLock(path: string): Promise<LockFile> {
  if (!existsSync(path)) return emptyLock();
  try {
    return parseLock(await readFile(path, "utf8"));
  } catch (error) {
    throw new Error(`The lock file ${resolve(path)} ${(error as Error).message}; delete it to start over.`, {
      cause: error,
    });
  }
}

async function writeJsonFile(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content, "utf8");
}

/** Translates one target: the planned strings in chunks, then the whole file and its lock entry. */
async function localizeTarget(
  options: LocalizeOptions,
  connection: GlossaConnection,
  source: Json,
  sourceStrings: Map<string, string>,
  locked: Record<string, string>,
  target: string,
  progress: Progress,
): Promise<{
  path: string;
  translated: number;
  kept: number;
  hashes: Record<string, string>;
  untranslated: UntranslatedItem[];
  checks: QualityItem[];
}> {
  const path = targetPath(options.outPattern, target);
  const existing = existsSync(path) ? flattenStrings(await readJson(path, "target file")) : new Map<string, string>();
  const plan = planTarget({ source: sourceStrings, locked, existing, force: options.force });

  const translations = new Map(plan.keep);
  const untranslated: UntranslatedItem[] = [];
  const checks: QualityItem[] = [];
  let done = 0;
  progress.update(target, done, plan.translate.length);
  for (const chunk of chunkPointers(plan.translate, sourceStrings)) {
    const data = pickStrings(source, new Set(chunk));
    const answer = await localizeRemote(connection, {
      engineId: options.engineId,
      sourceLocale: options.sourceLocale,
      targetLocale: target,
      data,
    });
    untranslated.push(...answer.untranslated);
    checks.push(...answer.checks);
    const localized = flattenStrings(answer.data);
    for (const pointer of chunk) {
      const text = localized.get(pointer);
      if (text === undefined) throw new Error(`The server returned no translation for ${pointer}.`);
      translations.set(pointer, text);
    }
    done += chunk.length;
    progress.update(target, done, plan.translate.length);
  }
  progress.clear();

  await writeJsonFile(path, `${JSON.stringify(replaceStrings(source, translations), null, 2)}\n`);
  return { path, translated: plan.translate.length, kept: plan.keep.size, hashes: plan.hashes, untranslated, checks };
}

/** Polls a job until it finishes, showing its progress in locales; throws unless it succeeded. */
async function waitForJob(connection: GlossaConnection, job: RemoteJob, progress: Progress): Promise<RemoteJob> {
  let current = job;
  for (;;) {
    progress.update(`job ${current.id}`, current.progress.done, current.progress.total, "locales");
    if (current.status === "succeeded") return current;
    if (current.status === "failed" || current.status === "canceled") {
      progress.clear();
      const reason = current.error ? `: ${current.error.message}` : ".";
      throw new Error(`Job ${current.id} ${current.status}${reason}`);
    }
    await sleep(JOB_POLL_MS);
    current = await getJobRemote(connection, current.id);
  }
}

/**
 * `--async`: the targets that need the same strings share one server job (up to 50 locales each),
 * so a many-locale run is one submission that the server finishes even if one of its instances
 * dies. Returns the translations per target, or null when the server has no jobs.
 */
async function translateWithJobs(
  options: LocalizeOptions,
  connection: GlossaConnection,
  source: Json,
  sourceStrings: Map<string, string>,
  plans: Map<string, TargetPlan>,
  progress: Progress,
): Promise<{
  translations: Map<string, Map<string, string>>;
  untranslated: Map<string, UntranslatedItem[]>;
  checks: Map<string, QualityItem[]>;
} | null> {
  const translations = new Map([...plans].map(([target, plan]) => [target, new Map(plan.keep)]));
  const untranslated = new Map([...plans.keys()].map((target): [string, UntranslatedItem[]] => [target, []]));
  const checks = new Map([...plans.keys()].map((target): [string, QualityItem[]] => [target, []]));
  let submitted = false;
  for (const batch of planJobs(plans)) {
    // Jobs take the whole body limit of the server; chunks keep each well below it.
    for (const chunk of chunkPointers(batch.pointers, sourceStrings, 5_000, 2_000_000)) {
      const job = await submitJobRemote(connection, {
        engineId: options.engineId,
        sourceLocale: options.sourceLocale,
        targetLocales: batch.targets,
        data: pickStrings(source, new Set(chunk)),
      });
      if (!job) {
        if (!submitted) return null;
        throw new Error("The server stopped accepting jobs in the middle of the run.");
      }
      submitted = true;
      const finished = await waitForJob(connection, job, progress);
      for (const target of batch.targets) {
        const data = finished.result?.[target];
        if (data === undefined) throw new Error(`Job ${job.id} returned no translation for ${target}.`);
        const localized = flattenStrings(data);
        untranslated.get(target)!.push(...untranslatedOf(finished.untranslated?.[target]));
        checks.get(target)!.push(...checksOf(finished.checks?.[target]));
        for (const pointer of chunk) {
          const text = localized.get(pointer);
          if (text === undefined) throw new Error(`The server returned no ${target} translation for ${pointer}.`);
          translations.get(target)!.set(pointer, text);
        }
      }
    }
  }
  progress.clear();
  return { translations, untranslated, checks };
}

/** The summary line of one target, the warning for the strings it did not translate, and the quality findings. */
function report(
  target: string,
  translated: number,
  kept: number,
  path: string,
  untranslated: UntranslatedItem[],
  checks: QualityItem[],
) {
  process.stderr.write(untranslatedWarning(target, untranslated));
  process.stderr.write(checksSummary(target, checks));
  const failed = failedPointers(untranslated).size;
  const notTranslated = failed > 0 ? `, ${failed} not translated` : "";
  process.stdout.write(`${target}: ${translated - failed} translated${notTranslated}, ${kept} unchanged → ${path}\n`);
}

/** Why a run with a key that reaches nothing stops at once, and how to fix it. */
function reachesNoEngine(kind: string): string {
  return kind === "service"
    ? "This key reaches no engine: give it a role with engine:access, or add an engine to its scope (dashboard: API keys → Service → Edit)."
    : "This key reaches no engine: it acts as its creator, who reaches none; ask a team manager for a role with engine:access or a grant on an engine.";
}

/**
 * PO/POT catalogues (docs/cli.md#gettext-po-and-pot-files): each target streams through
 * localizePoTarget, with direct calls or, with `--async`, one server job per call's worth of entries.
 */
async function runPoLocalize(options: LocalizeOptions, connection: GlossaConnection): Promise<number> {
  const shown = resolve(options.sourceFile);
  if (!existsSync(options.sourceFile)) throw new Error(`The source file ${shown} does not exist.`);
  const sourceKey = relative(dirname(options.lockFile), options.sourceFile).split(sep).join("/");
  let lock = await readLock(options.lockFile);
  const progress = terminalProgress();
  let jobs = options.async;
  for (const target of options.targetLocales) {
    const path = targetPath(options.outPattern, gettextLanguage(target));
    const checks: QualityItem[] = [];
    const direct: TranslateBatch = async (data, hints) => {
      const answer = await localizeRemote(connection, {
        engineId: options.engineId,
        sourceLocale: options.sourceLocale,
        targetLocale: target,
        data,
        hints,
      });
      checks.push(...answer.checks);
      return answer;
    };
    const translate: TranslateBatch = async (data, hints) => {
      if (!jobs) return direct(data, hints);
      const job = await submitJobRemote(connection, {
        engineId: options.engineId,
        sourceLocale: options.sourceLocale,
        targetLocales: [target],
        data,
        hints,
      });
      if (!job) {
        process.stderr.write("glossa localize: this server has no jobs; translating with direct calls instead.\n");
        jobs = false;
        return direct(data, hints);
      }
      const finished = await waitForJob(connection, job, progress);
      const result = finished.result?.[target];
      if (result === undefined) throw new Error(`Job ${job.id} returned no translation for ${target}.`);
      checks.push(...checksOf(finished.checks?.[target]));
      return { data: result, untranslated: untranslatedOf(finished.untranslated?.[target]) };
    };
    const result = await localizePoTarget({
      sourceFile: options.sourceFile,
      targetFile: path,
      target,
      locked: lockedHashes(lock, sourceKey, target),
      translate,
      // a job carries more entries per call: each one is a submission and a wait
      batchEntries: jobs ? 2_000 : 100,
      batchChars: jobs ? 1_000_000 : 50_000,
      force: options.force,
      fuzzy: options.fuzzy,
      markFuzzy: options.markFuzzy,
      progress,
    });
    lock = withLockedHashes(lock, sourceKey, target, result.hashes);
    await writeJsonFile(options.lockFile, serializeLock(lock));
    report(
      target,
      result.translated + failedPointers(result.untranslated).size,
      result.kept,
      path,
      result.untranslated,
      checks,
    );
  }
  return 0;
}

/** `glossa localize`: translate JSON files for CI/CD, only what changed since the last run. */
export async function runLocalizeCommand(args: string[]): Promise<number> {
  const line = optionsOrExit(parseLocalizeArgs(args), "localize", LOCALIZE_USAGE, 1);
  if ("exit" in line) return line.exit;
  const options = line.options;
  const apiKey = process.env.GLOSSA_API_KEY?.trim();
  if (!apiKey) {
    process.stderr.write("glossa localize: set GLOSSA_API_KEY to a Glossa API key.\n");
    return 1;
  }
  const connection: GlossaConnection = { url: process.env.GLOSSA_URL?.trim() || DEFAULT_URL, apiKey };
  // Every run checks the server and the key, even when nothing is new to translate: CI learns of a
  // wrong secret or an unreachable server on the run that has it, not when a string next changes.
  const key = await whoamiRemote(connection);
  if (key.engines.length === 0) throw new Error(reachesNoEngine(key.kind));

  if (options.gettext) return runPoLocalize(options, connection);

  const source = await readJson(options.sourceFile, "source file");
  if (typeof source !== "object" || source === null || Array.isArray(source))
    throw new Error(`The source file ${resolve(options.sourceFile)} must hold a JSON object.`);
  const sourceStrings = flattenStrings(source);
  const sourceKey = relative(dirname(options.lockFile), options.sourceFile).split(sep).join("/");
  let lock = await readLock(options.lockFile);
  const progress = terminalProgress();

  if (options.async) {
    const plans = new Map<string, TargetPlan>();
    for (const target of options.targetLocales) {
      const path = targetPath(options.outPattern, target);
      const existing = existsSync(path)
        ? flattenStrings(await readJson(path, "target file"))
        : new Map<string, string>();
      const locked = lockedHashes(lock, sourceKey, target);
      plans.set(target, planTarget({ source: sourceStrings, locked, existing, force: options.force }));
    }
    const outcome = await translateWithJobs(options, connection, source, sourceStrings, plans, progress);
    if (outcome) {
      for (const [target, plan] of plans) {
        const path = targetPath(options.outPattern, target);
        const untranslated = outcome.untranslated.get(target)!;
        await writeJsonFile(
          path,
          `${JSON.stringify(replaceStrings(source, outcome.translations.get(target)!), null, 2)}\n`,
        );
        lock = withLockedHashes(lock, sourceKey, target, hashesToLock(plan.hashes, failedPointers(untranslated)));
        await writeJsonFile(options.lockFile, serializeLock(lock));
        report(target, plan.translate.length, plan.keep.size, path, untranslated, outcome.checks.get(target)!);
      }
      return 0;
    }
    process.stderr.write("glossa localize: this server has no jobs; translating with direct calls instead.\n");
  }

  for (const target of options.targetLocales) {
    const result = await localizeTarget(
      options,
      connection,
      source,
      sourceStrings,
      lockedHashes(lock, sourceKey, target),
      target,
      progress,
    );
    // the lock is written after each target, so that a later failure does not lose finished work
    lock = withLockedHashes(lock, sourceKey, target, hashesToLock(result.hashes, failedPointers(result.untranslated)));
    await writeJsonFile(options.lockFile, serializeLock(lock));
    report(target, result.translated, result.kept, result.path, result.untranslated, result.checks);
  }
  return 0;
}
