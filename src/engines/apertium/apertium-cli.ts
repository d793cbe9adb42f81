import pLimit from "p-limit";
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";

const COMMAND = "apertium";
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

/**
 * Translates `input` with `apertium <args> <file>`. The input goes through a private temp
 * file: the apertium script opens /dev/stdin, which fails when stdin is Node's socket pipe.
 */
export async function runApertiumOnText(
  args: readonly string[],
  input: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "glossa-apertium-"));
  try {
    const file = join(dir, "input.html");
    await writeFile(file, input, { encoding: "utf8", mode: 0o600 });
    return await runApertium([...args, file], timeoutMs, signal);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * How many `apertium` pipelines may run at once in this server, whatever the number of
 * requests: each is about eight processes, and 20 concurrent requests once spawned 160+. Calls
 * beyond it wait their turn (a cancelled request leaves the queue without running).
 */
export const MAX_APERTIUM_PROCESSES = Math.max(2, availableParallelism());
const slots = pLimit(MAX_APERTIUM_PROCESSES);

/** How many Apertium pipelines run now and how many wait for a slot (for tests and diagnostics). */
export function apertiumProcessLoad(): { running: number; waiting: number } {
  return { running: slots.activeCount, waiting: slots.pendingCount };
}

/**
 * Runs `apertium` with fixed arguments (never a shell), within the server-wide limit above;
 * the timeout counts from when it starts. It is a shell script driving a pipeline of
 * processes, so it runs in its own process group and a timeout, an abort or an oversized
 * output kills the whole group.
 */
export function runApertium(args: readonly string[], timeoutMs: number, signal?: AbortSignal): Promise<string> {
  return slots(() => spawnApertium(args, timeoutMs, signal));
}

function spawnApertium(args: readonly string[], timeoutMs: number, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const child = spawn(COMMAND, args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
    let stoppedBecause: string | undefined;
    const stop = (reason: string) => {
      stoppedBecause ??= reason;
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => stop(`no answer within ${timeoutMs} ms`), timeoutMs);
    const onAbort = () => stop("the request was cancelled");
    signal?.addEventListener("abort", onAbort, { once: true });
    const out: Buffer[] = [];
    let size = 0;
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT_BYTES) stop("the output is too large");
      else out.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString("utf8");
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      if (stoppedBecause)
        reject(
          Object.assign(new Error(`apertium was stopped: ${stoppedBecause}`), {
            timedOut: stoppedBecause.startsWith("no answer"),
          }),
        );
      else if (code === 0) resolve(Buffer.concat(out).toString("utf8"));
      else reject(new Error(`apertium exited with ${code}: ${stderr.trim().slice(0, 200)}`));
    });
  });
}

let installedModes: Promise<string[]> | undefined;

/** The modes `apertium -l` lists, read once per process. */
export function listApertiumModes(): Promise<string[]> {
  installedModes ??= runApertium(["-l"], 10_000)
    .then((output) => output.split(/\s+/).filter(Boolean))
    .catch((error) => {
      installedModes = undefined;
      throw error;
    });
  return installedModes;
}
