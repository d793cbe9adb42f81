import pLimit from "p-limit";
import { spawn } from "node:child_process";
import type { Socket } from "node:net";
import { availableParallelism } from "node:os";

/** The most an Apertium program may print for one request; past it the program is stopped. */
export const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

/**
 * How many Apertium requests may run at once in this server, whatever the number of callers:
 * each keeps a pipeline of about a dozen processes busy, and 20 concurrent requests once spawned
 * 160+. Calls beyond it wait their turn (a cancelled request leaves the queue without running).
 * It is also the most warm pipelines the server keeps (apertium-pipelines.ts).
 */
export const MAX_APERTIUM_PROCESSES = Math.max(2, availableParallelism());
export const apertiumSlots = pLimit(MAX_APERTIUM_PROCESSES);

/** How many Apertium requests run now and how many wait for a slot (for tests and diagnostics). */
export function apertiumProcessLoad(): { running: number; waiting: number } {
  return { running: apertiumSlots.activeCount, waiting: apertiumSlots.pendingCount };
}

/**
 * Why an Apertium request was stopped before it answered; `timedOut` tells a timeout (the
 * provider's `timeout` failure) from everything else (`server`).
 */
export class ApertiumStopped extends Error {
  constructor(
    why: string,
    readonly timedOut = false,
  ) {
    super(`apertium was stopped: ${why}`);
    this.name = "ApertiumStopped";
  }
}

/**
 * The environment Apertium's programs run with, as the `apertium` script sets it: a UTF-8
 * character type (they read and write UTF-8 whatever the server's locale) and the programs
 * found where `APERTIUM_PATH` says, before the rest of the PATH.
 */
export function apertiumEnvironment(): NodeJS.ProcessEnv {
  const path = [process.env.APERTIUM_PATH ?? "/usr/bin", process.env.PATH].filter(Boolean).join(":");
  return { ...process.env, PATH: path, LC_CTYPE: "C.UTF-8" };
}

/** Where the installed mode files are: `$APERTIUM_DATADIR/modes`, as for the `apertium` script. */
export function apertiumModesDir(): string {
  return `${process.env.APERTIUM_DATADIR ?? "/usr/share/apertium"}/modes`;
}

/**
 * Runs `work` with a signal that stops it after `timeoutMs` (an `ApertiumStopped` that timed out)
 * or when `signal` aborts (its reason); the timeout counts from here, once a slot is held.
 */
export async function withDeadline<T>(
  timeoutMs: number,
  signal: AbortSignal | undefined,
  work: (stop: AbortSignal) => Promise<T>,
): Promise<T> {
  if (signal?.aborted) throw signal.reason;
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new ApertiumStopped(`no answer within ${timeoutMs} ms`, true)),
    timeoutMs,
  );
  const onAbort = () => controller.abort(signal!.reason);
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    return await work(controller.signal);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

/** Rejects as soon as `signal` aborts, so that a caller still queued for a slot is answered at once. */
export function unlessAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** A program started ahead of its input, so that its start-up overlaps the work before it. */
export interface StartedProgram {
  /** Its process id, once started (diagnostics and tests). */
  readonly pid: number | undefined;
  /** Writes `input` as the program's whole standard input and resolves with what it printed. */
  feed(input: Buffer | string): Promise<Buffer>;
  /**
   * Passes what the program prints to `onOutput` part by part as it comes (what it printed before
   * first), instead of collecting it: `write` its input in parts, then `end` it; `done` resolves
   * when the program has exited with status 0.
   */
  stream(onOutput: (part: Buffer) => void): {
    write(part: Buffer): void;
    end(last?: Buffer): void;
    done: Promise<void>;
  };
  /** Settles when the program has ended: rejects when it was stopped, failed or exited with another status than 0. */
  readonly ended: Promise<unknown>;
  /** Kills the program when it will not be fed (the request failed before it). */
  cancel(): void;
}

/**
 * Starts one program with fixed arguments (never a shell), to run to completion on the input it
 * is fed. It runs in its own process group, so that `stop`, `cancel` or an oversized output kills
 * it with anything it started; a terminal's Ctrl-C reaches the server, which drains, and not
 * the program. `waitsInBackground`: started ahead of its input, it does not keep the process alive.
 */
export function startProgram(
  command: string,
  args: readonly string[],
  stop: AbortSignal,
  options: { waitsInBackground?: boolean } = {},
): StartedProgram {
  let kill: (reason: unknown) => void = () => {};
  let stdin: NodeJS.WritableStream | null = null;
  let pid: number | undefined;
  const out: Buffer[] = [];
  let listener: ((part: Buffer) => void) | undefined;
  const output = new Promise<Buffer>((resolve, reject) => {
    if (stop.aborted) return reject(stop.reason);
    const child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"], detached: true, env: apertiumEnvironment() });
    pid = child.pid;
    let stoppedBecause: unknown;
    kill = (reason: unknown) => {
      stoppedBecause ??= reason;
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    };
    const onStop = () => kill(stop.reason);
    stop.addEventListener("abort", onStop, { once: true });
    let size = 0;
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT_BYTES) kill(new ApertiumStopped("the output is too large"));
      else if (listener) listener(chunk);
      else out.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString("utf8");
    });
    // A program that exits without reading all its input is reported by its exit status.
    child.stdin.on("error", () => {});
    stdin = child.stdin;
    child.on("error", (error: NodeJS.ErrnoException) => {
      stop.removeEventListener("abort", onStop);
      reject(error);
    });
    if (options.waitsInBackground) {
      // Started ahead of a request, it must not keep the server's event loop alive; the request's timer does.
      child.unref();
      for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as Socket).unref();
    }
    child.on("close", (code) => {
      stop.removeEventListener("abort", onStop);
      if (stoppedBecause) reject(stoppedBecause);
      else if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`${command} exited with ${code}: ${stderr.trim().slice(0, 200)}`));
    });
  });
  // A program cancelled before it was fed fails, and nobody waits for it.
  output.catch(() => {});
  return {
    get pid() {
      return pid;
    },
    ended: output,
    feed(input) {
      stdin?.end(input);
      return output;
    },
    stream(onOutput) {
      listener = onOutput;
      for (const part of out.splice(0)) onOutput(part);
      return {
        write: (part) => {
          stdin?.write(part);
        },
        end: (last) => {
          if (last) stdin?.end(last);
          else stdin?.end();
        },
        done: output.then(() => {}),
      };
    },
    cancel() {
      kill(new Error(`${command} was not needed`));
    },
  };
}

/** Runs one program to completion on `input` (none by default) and returns what it printed. */
export function runProgram(
  command: string,
  args: readonly string[],
  options: { input?: Buffer | string; stop: AbortSignal },
): Promise<Buffer> {
  return startProgram(command, args, options.stop).feed(options.input ?? "");
}

/**
 * Runs `apertium` with fixed arguments within the server-wide limit above; the timeout counts
 * from when it starts.
 */
export function runApertium(args: readonly string[], timeoutMs: number, signal?: AbortSignal): Promise<string> {
  return unlessAborted(
    apertiumSlots(() =>
      withDeadline(timeoutMs, signal, async (stop) => (await runProgram("apertium", args, { stop })).toString("utf8")),
    ),
    signal,
  );
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
