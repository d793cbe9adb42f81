import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, relative, sep } from "node:path";
import { localizeRemote, type GlossaConnection } from "./localize/glossa-client.js";
import {
  emptyLock,
  lockedHashes,
  parseLock,
  serializeLock,
  withLockedHashes,
  type LockFile,
} from "./localize/lock-file.js";
import { LOCALIZE_USAGE, parseLocalizeArgs, targetPath, type LocalizeOptions } from "./localize/options.js";
import { chunkPointers, planTarget } from "./localize/plan-target.js";
import { terminalProgress, type Progress } from "./localize/progress.js";
import { flattenStrings, pickStrings, replaceStrings, type Json } from "./localize/strings-by-pointer.js";

const DEFAULT_URL = "http://127.0.0.1:8787";

async function readJson(path: string, what: string): Promise<Json> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EISDIR")
      throw new Error(
        `The ${what} ${path} is a folder: name one JSON file, such as ${path.replace(/[\\/]+$/, "")}/en.json. For projects with many files or other formats, use the Lingo.dev CLI with LINGO_API_URL (docs/lingo-sdk.md).`,
        { cause: error },
      );
    if (code === "ENOENT") throw new Error(`The ${what} ${path} does not exist.`, { cause: error });
    throw new Error(`Cannot read the ${what} ${path}: ${code ?? (error as Error).message}`, { cause: error });
  }
  try {
    return JSON.parse(text) as Json;
  } catch (error) {
    throw new Error(`The ${what} ${path} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
}

async function readLock(path: string): Promise<LockFile> {
  if (!existsSync(path)) return emptyLock();
  try {
    return parseLock(await readFile(path, "utf8"));
  } catch (error) {
    throw new Error(`The lock file ${path} ${(error as Error).message}; delete it to start over.`, { cause: error });
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
): Promise<{ path: string; translated: number; kept: number; hashes: Record<string, string> }> {
  const path = targetPath(options.outPattern, target);
  const existing = existsSync(path) ? flattenStrings(await readJson(path, "target file")) : new Map<string, string>();
  const plan = planTarget({ source: sourceStrings, locked, existing, force: options.force });

  const translations = new Map(plan.keep);
  let done = 0;
  progress.update(target, done, plan.translate.length);
  for (const chunk of chunkPointers(plan.translate, sourceStrings)) {
    const data = pickStrings(source, new Set(chunk));
    const localized = flattenStrings(
      await localizeRemote(connection, {
        engineId: options.engineId,
        sourceLocale: options.sourceLocale,
        targetLocale: target,
        data,
      }),
    );
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
  return { path, translated: plan.translate.length, kept: plan.keep.size, hashes: plan.hashes };
}

/** `glossa localize`: translate JSON files for CI/CD, only what changed since the last run. */
export async function runLocalizeCommand(args: string[]): Promise<number> {
  const parsed = parseLocalizeArgs(args);
  if (parsed.kind === "help") {
    process.stdout.write(LOCALIZE_USAGE);
    return 0;
  }
  if (parsed.kind === "usage_error") {
    process.stderr.write(`glossa localize: ${parsed.message}\n\n${LOCALIZE_USAGE}`);
    return 1;
  }
  const options = parsed.options;
  const apiKey = process.env.GLOSSA_API_KEY?.trim();
  if (!apiKey) {
    process.stderr.write("glossa localize: set GLOSSA_API_KEY to a Glossa API key.\n");
    return 1;
  }
  const connection: GlossaConnection = { url: process.env.GLOSSA_URL?.trim() || DEFAULT_URL, apiKey };

  const source = await readJson(options.sourceFile, "source file");
  if (typeof source !== "object" || source === null || Array.isArray(source))
    throw new Error(`The source file ${options.sourceFile} must hold a JSON object.`);
  const sourceStrings = flattenStrings(source);
  const sourceKey = relative(dirname(options.lockFile), options.sourceFile).split(sep).join("/");
  let lock = await readLock(options.lockFile);
  const progress = terminalProgress();

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
    lock = withLockedHashes(lock, sourceKey, target, result.hashes);
    await writeJsonFile(options.lockFile, serializeLock(lock));
    process.stdout.write(`${target}: ${result.translated} translated, ${result.kept} unchanged → ${result.path}\n`);
  }
  return 0;
}
