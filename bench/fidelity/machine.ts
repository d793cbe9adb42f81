/**
 * The fidelity bench's I/O with the machine: installed Apertium pairs, the catalogues of their
 * target language (read with `msgunfmt` into a temp dir that the caller deletes), Apertium run
 * directly (the yardstick) and `msgfmt -c`.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { apertiumModePair } from "../../src/core/engines/apertium-modes.js";
import { selectSample, type Sample } from "./catalogues.js";
import { parsePo, writePo, type PoOutput } from "./po.js";

const run = promisify(execFile);
const LOCALE_ROOT = "/usr/share/locale";
const MAX_BUFFER = 256 * 1024 * 1024;

export interface Pair {
  mode: string;
  sourceLocale: string;
  targetLocale: string;
  /** The folder under /usr/share/locale holding the target language's catalogues. */
  localeDir: string;
  catalogues: string[];
}

/** `apertium -l`, or undefined when the command is missing. */
export async function apertiumModes(): Promise<string[] | undefined> {
  try {
    const { stdout } = await run("apertium", ["-l"]);
    return stdout.split(/\s+/).filter(Boolean);
  } catch {
    return undefined;
  }
}

/** Whether gettext's msgunfmt and msgfmt are installed. */
export async function hasGettext(): Promise<boolean> {
  try {
    await run("msgunfmt", ["--version"]);
    await run("msgfmt", ["--version"]);
    return true;
  } catch {
    return false;
  }
}

/** The installed pairs from English whose target language has at least one of the catalogues. */
export function pairsWithCatalogues(modes: readonly string[], catalogueNames: readonly string[]): Pair[] {
  const pairs: Pair[] = [];
  for (const mode of modes) {
    const pair = apertiumModePair(mode);
    if (!pair || pair.sourceLocale !== "en") continue;
    const localeDir = pair.targetLocale.replace("-", "_");
    const catalogues = catalogueNames.filter((name) =>
      existsSync(join(LOCALE_ROOT, localeDir, "LC_MESSAGES", `${name}.mo`)),
    );
    if (catalogues.length > 0) pairs.push({ mode, ...pair, localeDir, catalogues });
  }
  return pairs;
}

/** The sample of a pair's catalogues, each turned back into a .po inside `dir`. */
export async function buildSample(pair: Pair, dir: string): Promise<Sample[]> {
  const catalogues = [];
  for (const name of pair.catalogues) {
    const po = join(dir, `${pair.localeDir}-${name}.po`);
    await run("msgunfmt", ["-o", po, join(LOCALE_ROOT, pair.localeDir, "LC_MESSAGES", `${name}.mo`)], {
      maxBuffer: MAX_BUFFER,
    });
    catalogues.push({ name, entries: parsePo(await readFile(po, "utf8")) });
  }
  return selectSample(catalogues);
}

/**
 * Apertium run directly on the strings, one per paragraph (on consecutive lines it would join
 * them into one sentence), timed; `apertium -u <mode> in out`, output split on blank lines.
 */
export async function apertiumDirectly(
  mode: string,
  sources: readonly string[],
  dir: string,
): Promise<{ outputs: string[]; ms: number }> {
  const input = join(dir, `${mode}-in.txt`);
  const output = join(dir, `${mode}-out.txt`);
  await writeFile(input, sources.map((source) => source.trim()).join("\n\n") + "\n");
  const started = performance.now();
  await run("apertium", ["-u", mode, input, output], { maxBuffer: MAX_BUFFER });
  const ms = performance.now() - started;
  const outputs = (await readFile(output, "utf8")).trim().split(/\n[ \t]*\n/);
  if (outputs.length !== sources.length)
    throw new Error(`apertium directly gave ${outputs.length} paragraphs for ${sources.length} strings`);
  return { outputs: outputs.map((text) => text.trim()), ms };
}

export interface MsgfmtCheck {
  errors: number;
  /** Indexes of the entries msgfmt named. */
  entries: Set<number>;
  /** Its first messages, for the report. */
  messages: string[];
}

/** `msgfmt -c -o /dev/null` on a catalogue of the outputs; its errors traced back to entries. */
export async function msgfmtCheck(language: string, outputs: readonly PoOutput[], file: string): Promise<MsgfmtCheck> {
  const { text, lines } = writePo(language, outputs);
  await writeFile(file, text);
  const stderr = await run("msgfmt", ["-c", "-o", "/dev/null", file], { maxBuffer: MAX_BUFFER }).then(
    (result) => result.stderr,
    (error: { stderr?: string }) => error.stderr ?? String(error),
  );
  const messages = stderr.split("\n").filter((line) => line.startsWith(`${file}:`) && !line.includes(": warning: "));
  const entries = new Set<number>();
  for (const message of messages) {
    const line = Number(/^[^:]+:(\d+):/.exec(message)?.[1]);
    // The entry whose first line is the last one at or before the line named.
    let index = -1;
    while (index + 1 < lines.length && lines[index + 1]! <= line) index++;
    if (index >= 0) entries.add(index);
  }
  const fatal = /found (\d+) fatal errors?/.exec(stderr);
  return { errors: fatal ? Number(fatal[1]) : messages.length, entries, messages: messages.slice(0, 5) };
}
