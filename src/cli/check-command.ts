import { readFile } from "node:fs/promises";
import { basename, extname } from "node:path";
import type { QualityCheck } from "../contract/process.js";
import type { JsonValue } from "../core/content/walk-strings.js";
import { normalizeLocale } from "../core/locale/normalize-locale.js";
import { qualityReport } from "../core/quality/report.js";
import { jsonPairs, poPairs, type PlannedPair } from "./check/check-plan.js";
import { findingsTable, type Located } from "./check/findings-table.js";
import { readPoCatalogue } from "./check/po-catalogue.js";
import { localeInFileName } from "./localize/options.js";
import { optionsOrExit, parseOneFileCommand, type CommandLine } from "./command-line.js";

const DEFAULT_URL = "http://127.0.0.1:8787";
/** Strings sent in one `POST /process/check` (the server takes up to 20,000). */
const CALL_SIZE = 5000;

export const CHECK_USAGE = `Usage: glossa check [options] <file.po>
       glossa check [options] --source <en.json> <de.json>

Checks existing translations (docs/quality.md): printf conversions, ICU, placeholders, markup,
URLs and plural forms are errors; whitespace, punctuation, numbers, brackets, doubled words,
untranslated prose, length and glossary terms warnings. Prints a table; the exit code is 1 when
an error is found, 0 otherwise (2: the command could not run).

  <file.po>              a gettext catalogue: each msgstr against its msgid (plural forms too;
                         fuzzy and untranslated entries are skipped)
  --source, -s FILE      the source JSON file of a JSON pair; the other file is its translation
  --source-locale L      the source language (default: the JSON file's name, or en for PO)
  --target-locale L      the target language (default: the PO header's Language, or the JSON
                         file's name)
  --server               check through the server (POST /process/check; GLOSSA_URL, GLOSSA_API_KEY)
  --engine, -e ID        through the server, with that engine's glossary (implies --server)

By default the checks run here, offline.
`;

interface CheckOptions {
  file: string;
  sourceFile: string | null;
  sourceLocale: string | null;
  targetLocale: string | null;
  server: boolean;
  engineId: string | null;
}

export function parseCheckArgs(args: string[]): CommandLine<CheckOptions> {
  const parsed = parseOneFileCommand(
    args,
    {
      source: { type: "string", short: "s" },
      "source-locale": { type: "string" },
      "target-locale": { type: "string" },
      server: { type: "boolean", default: false },
      engine: { type: "string", short: "e" },
      help: { type: "boolean", short: "h", default: false },
    },
    "Name exactly one file to check.",
  );
  if (parsed.kind !== "parsed") return parsed;
  const { values, file } = parsed;
  const locale = (value: string | undefined, flag: string) => {
    if (value === undefined) return { ok: true as const, locale: null };
    const normalized = normalizeLocale(value);
    return normalized
      ? { ok: true as const, locale: normalized }
      : { ok: false as const, message: `${flag}: "${value}" is not a BCP-47 locale.` };
  };
  const source = locale(values["source-locale"], "--source-locale");
  if (!source.ok) return { kind: "usage_error", message: source.message };
  const target = locale(values["target-locale"], "--target-locale");
  if (!target.ok) return { kind: "usage_error", message: target.message };
  if (values.source === undefined && extname(file).toLowerCase() !== ".po" && extname(file).toLowerCase() !== ".pot")
    return {
      kind: "usage_error",
      message: `${basename(file)} is not a .po file: for a JSON pair, name the source with --source.`,
    };
  return {
    kind: "run",
    options: {
      file,
      sourceFile: values.source ?? null,
      sourceLocale: source.locale,
      targetLocale: target.locale,
      server: values.server || values.engine !== undefined,
      engineId: values.engine ?? null,
    },
  };
}

async function readJson(file: string): Promise<JsonValue> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as JsonValue;
  } catch (error) {
    throw new Error(`Cannot read ${file} as JSON: ${(error as Error).message}`, { cause: error });
  }
}

/** The pairs to check and their locales, or why the command cannot run. */
async function plan(
  options: CheckOptions,
): Promise<{ pairs: PlannedPair[]; sourceLocale: string; targetLocale: string }> {
  if (options.sourceFile === null) {
    const catalogue = readPoCatalogue(await readFile(options.file, "utf8"));
    const targetLocale = options.targetLocale ?? (catalogue.language ? normalizeLocale(catalogue.language) : null);
    if (!targetLocale)
      throw new Error(`${options.file} has no Language in its header: give the target locale with --target-locale.`);
    return { pairs: poPairs(options.file, catalogue), sourceLocale: options.sourceLocale ?? "en", targetLocale };
  }
  const sourceLocale = options.sourceLocale ?? localeInFileName(options.sourceFile);
  const targetLocale = options.targetLocale ?? localeInFileName(options.file);
  if (!sourceLocale) throw new Error(`Give the source locale with --source-locale (${options.sourceFile} names none).`);
  if (!targetLocale) throw new Error(`Give the target locale with --target-locale (${options.file} names none).`);
  const paired = jsonPairs(await readJson(options.sourceFile), await readJson(options.file));
  if (!paired.ok)
    throw new Error(
      `${options.file} has strings the source file does not have: ${paired.missing.slice(0, 10).join(", ")}.`,
    );
  return { pairs: paired.pairs, sourceLocale, targetLocale };
}

/** The findings through the server, each pair sent under a key of its own (`p<index>`). */
async function serverReport(
  options: CheckOptions,
  pairs: readonly PlannedPair[],
  sourceLocale: string,
  targetLocale: string,
): Promise<QualityCheck[][]> {
  const apiKey = process.env.GLOSSA_API_KEY?.trim();
  if (!apiKey) throw new Error("set GLOSSA_API_KEY to a Glossa API key (or check offline, without --server).");
  const url = (process.env.GLOSSA_URL?.trim() || DEFAULT_URL).replace(/\/+$/, "");
  const found: QualityCheck[][] = pairs.map(() => []);
  for (let first = 0; first < pairs.length; first += CALL_SIZE) {
    const slice = pairs.slice(first, first + CALL_SIZE);
    const data = Object.fromEntries(slice.map((pair, offset) => [`p${first + offset}`, pair.source]));
    const translations = Object.fromEntries(slice.map((pair, offset) => [`p${first + offset}`, pair.translation]));
    let response: Response;
    try {
      response = await fetch(`${url}/process/check`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": apiKey, "user-agent": "glossa-cli" },
        body: JSON.stringify({
          sourceLocale,
          targetLocale,
          data,
          translations,
          ...(options.engineId ? { engineId: options.engineId } : {}),
        }),
      });
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
      throw new Error(`Cannot reach the Glossa server at ${url}: ${cause}`, { cause: error });
    }
    const body = (await response.json().catch(() => null)) as { checks?: QualityCheck[]; message?: string } | null;
    if (!response.ok || !Array.isArray(body?.checks))
      throw new Error(body?.message ?? `The server at ${url} answered ${response.status} ${response.statusText}.`);
    for (const check of body.checks) {
      const index = Number(String(check.path[0]).slice(1));
      if (Number.isInteger(index) && found[index]) found[index].push(check);
    }
  }
  return found;
}

/** `glossa check`: 0 when no error is found, 1 when one is, 2 when the check could not run. */
export async function runCheckCommand(args: string[]): Promise<number> {
  const line = optionsOrExit(parseCheckArgs(args), "check", CHECK_USAGE, 2);
  if ("exit" in line) return line.exit;
  const options = line.options;
  try {
    const { pairs, sourceLocale, targetLocale } = await plan(options);
    const perPair = options.server
      ? await serverReport(options, pairs, sourceLocale, targetLocale)
      : localReport(pairs, sourceLocale, targetLocale);
    const located: Located[] = [];
    pairs.forEach((pair, index) => {
      for (const finding of [...(pair.findings ?? []), ...perPair[index]!]) {
        if (pair.noPrintf && finding.check === "printf") continue;
        located.push({ where: pair.where, check: finding.check, severity: finding.severity, message: finding.message });
      }
    });
    process.stdout.write(findingsTable(located, pairs.length));
    return located.some((finding) => finding.severity === "error") ? 1 : 0;
  } catch (error) {
    process.stderr.write(`glossa check: ${(error as Error).message}\n`);
    return 2;
  }
}

function localReport(pairs: readonly PlannedPair[], sourceLocale: string, targetLocale: string): QualityCheck[][] {
  const found: QualityCheck[][] = pairs.map(() => []);
  const checks = qualityReport({
    pairs: pairs.map((pair, index) => ({ path: [index], source: pair.source, translation: pair.translation })),
    sourceLocale,
    targetLocale,
  });
  for (const check of checks) found[check.path[0] as number]!.push(check);
  return found;
}
