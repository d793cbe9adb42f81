import { createReadStream, createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";

import { ASYNC_IMPORT_THRESHOLD_BYTES } from "../core/exchange/import-mode.js";
import { importProgressLine } from "../core/exchange/import-progress.js";

const DEFAULT_URL = "http://127.0.0.1:8787";

export const TM_USAGE = `Usage:
  glossa tm import <file.tmx> --engine ID [--async]
                                                 import a TMX file into the engine's translation memory
  glossa tm export --engine ID [-o file.tmx]     export the engine's translation memory (standard output without -o)
  glossa glossary import <file.tbx> --engine ID [--source-locale L] [--replace]
                                                 import a TBX file into the engine's glossary (merged unless --replace)
  glossa glossary export --engine ID [--dialect basic|core] [-o file.tbx]

These call the management API of the Glossa server at GLOSSA_URL (default ${DEFAULT_URL}) as a
dashboard user: they sign in with GLOSSA_EMAIL and GLOSSA_PASSWORD, act, and sign out. Imports need
the org:manage_team permission. The import report is printed as JSON on standard output.
A TMX file over 5 MiB (or any with --async) is imported by the server as a job: the command
follows it, printing its progress on standard error, until it has finished.
`;

interface Options {
  file: string | undefined;
  engine: string;
  out: string | undefined;
  dialect: string | undefined;
  sourceLocale: string | undefined;
  replace: boolean;
  async: boolean;
}

function parseOptions(args: string[]): Options {
  const options: Partial<Options> & { replace: boolean; async: boolean } = { replace: false, async: false };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const value = () => {
      const next = args[++index];
      if (next === undefined) throw new Error(`${arg} needs a value.\n\n${TM_USAGE}`);
      return next;
    };
    if (arg === "--engine") options.engine = value();
    else if (arg === "-o" || arg === "--out") options.out = value();
    else if (arg === "--dialect") options.dialect = value();
    else if (arg === "--source-locale") options.sourceLocale = value();
    else if (arg === "--replace") options.replace = true;
    else if (arg === "--async") options.async = true;
    else if (arg.startsWith("-")) throw new Error(`Unknown option ${arg}.\n\n${TM_USAGE}`);
    else if (options.file === undefined) options.file = arg;
    else throw new Error(`Unexpected argument ${arg}.\n\n${TM_USAGE}`);
  }
  if (!options.engine) throw new Error(`--engine ID is required.\n\n${TM_USAGE}`);
  return {
    file: options.file,
    engine: options.engine,
    out: options.out,
    dialect: options.dialect,
    sourceLocale: options.sourceLocale,
    replace: options.replace,
    async: options.async,
  };
}

/** A signed-in dashboard session for one command: the cookie, and the organization that holds the engine. */
async function signIn(base: string, env: NodeJS.ProcessEnv, engineId: string) {
  const email = env.GLOSSA_EMAIL;
  const password = env.GLOSSA_PASSWORD;
  if (!email || !password)
    throw new Error(
      "Set GLOSSA_EMAIL and GLOSSA_PASSWORD to the dashboard account to act as (these commands use the management API).",
    );
  let response: Response;
  try {
    response = await fetch(`${base}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "glossa-cli" },
      body: JSON.stringify({ email, password }),
    });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
    throw new Error(`Cannot reach the Glossa server at ${base}: ${cause}`, { cause: error });
  }
  if (!response.ok) throw new Error(`Sign-in failed: ${await problemMessage(response)}`);
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0]!;
  const headers = { cookie, "user-agent": "glossa-cli" };
  const me = (await (await fetch(`${base}/api/me`, { headers })).json()) as {
    memberships: { organizationId: string }[];
  };
  for (const { organizationId } of me.memberships) {
    const engine = await fetch(`${base}/api/orgs/${organizationId}/engines/${encodeURIComponent(engineId)}`, {
      headers,
    });
    if (engine.ok)
      return { headers, engineUrl: `${base}/api/orgs/${organizationId}/engines/${encodeURIComponent(engineId)}` };
  }
  await signOut(base, headers);
  throw new Error(`No engine ${engineId} in the organizations of ${email}.`);
}

async function signOut(base: string, headers: Record<string, string>): Promise<void> {
  await fetch(`${base}/api/session`, { method: "DELETE", headers }).catch(() => {});
}

async function problemMessage(response: Response): Promise<string> {
  const text = await response.text();
  try {
    return String((JSON.parse(text) as { message?: string }).message ?? text);
  } catch {
    return text || `HTTP ${response.status}`;
  }
}

/**
 * Follows an import job (202) to its end: its progress on standard error whenever it changes,
 * then the report on standard output (exit 0), or the job's error and what it imported (exit 1).
 */
async function followImport(base: string, headers: Record<string, string>, accepted: Response): Promise<number> {
  let job = (await accepted.json()) as ImportJobView;
  const url = `${base}${accepted.headers.get("location") ?? ""}`;
  let shown = "";
  for (;;) {
    const line = importProgressLine(job.progress);
    if (line !== shown) process.stderr.write(`${line}\n`);
    shown = line;
    if (job.status === "succeeded" || job.status === "failed" || job.status === "canceled") break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`Following the import failed: ${await problemMessage(response)}`);
    job = (await response.json()) as ImportJobView;
  }
  if (job.result) process.stdout.write(`${JSON.stringify(job.result, null, 2)}\n`);
  if (job.status === "succeeded") return 0;
  process.stderr.write(
    `The import ${job.status === "canceled" ? "was canceled" : `failed: ${job.error?.message ?? ""}`}\n`,
  );
  return 1;
}

interface ImportJobView {
  status: string;
  progress: { bytes: number; totalBytes: number; imported: number };
  result?: unknown;
  error?: { code: string; message: string };
}

/** How often an import job is read while it runs. */
const POLL_MS = 1000;

/** `glossa tm …` and `glossa glossary …`: TMX and TBX files in and out of an engine. */
export async function runExchangeCommand(
  kind: "tm" | "glossary",
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const [action, ...rest] = args;
  if (action === undefined || action === "--help" || action === "-h" || (action !== "import" && action !== "export")) {
    (action === undefined || action.startsWith("-") ? process.stdout : process.stderr).write(TM_USAGE);
    return action === "--help" || action === "-h" ? 0 : 1;
  }
  const options = parseOptions(rest);
  const base = (env.GLOSSA_URL || DEFAULT_URL).replace(/\/+$/, "");
  const resource = kind === "tm" ? "translation-memory" : "glossary";
  if (action === "import" && !options.file) throw new Error(`Name the file to import.\n\n${TM_USAGE}`);
  if (action === "import") await stat(options.file!); // a missing file fails before signing in
  const { headers, engineUrl } = await signIn(base, env, options.engine);
  try {
    if (action === "import") {
      const query = new URLSearchParams();
      if (options.sourceLocale) query.set("sourceLocale", options.sourceLocale);
      if (options.replace) query.set("mode", "replace");
      // The file is streamed without a Content-Length, so the CLI asks for a job itself.
      if (kind === "tm" && (options.async || (await stat(options.file!)).size > ASYNC_IMPORT_THRESHOLD_BYTES))
        query.set("async", "true");
      const response = await fetch(`${engineUrl}/${resource}/import${query.size > 0 ? `?${query}` : ""}`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/xml" },
        body: Readable.toWeb(createReadStream(options.file!)) as ReadableStream,
        duplex: "half",
      } as RequestInit);
      if (!response.ok) throw new Error(`The import failed: ${await problemMessage(response)}`);
      if (response.status === 202) return await followImport(base, headers, response);
      process.stdout.write(`${JSON.stringify(await response.json(), null, 2)}\n`);
      return 0;
    }
    const query = kind === "glossary" && options.dialect ? `?dialect=${encodeURIComponent(options.dialect)}` : "";
    const response = await fetch(`${engineUrl}/${resource}/export${query}`, { headers });
    if (!response.ok || !response.body) throw new Error(`The export failed: ${await problemMessage(response)}`);
    const destination = options.out ? createWriteStream(options.out) : (process.stdout as Writable);
    await pipeline(Readable.fromWeb(response.body as NodeReadableStream), destination, {
      end: options.out !== undefined,
    });
    if (options.out) process.stderr.write(`Wrote ${options.out}.\n`);
    return 0;
  } finally {
    await signOut(base, headers);
  }
}
