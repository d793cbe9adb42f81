import { spawn, type ChildProcess } from "node:child_process";
import type { Socket } from "node:net";
import type { PipelineCommand } from "../../core/engines/apertium-pipeline-commands.js";
import { apertiumEnvironment, ApertiumStopped, MAX_OUTPUT_BYTES } from "./apertium-cli.js";

const NUL = Buffer.from([0]);

interface Pending {
  resolve: () => void;
  reject: (error: unknown) => void;
  onOutput: (part: Buffer) => void;
  size: number;
}

/** One request's input, written in parts and then ended, and when its answer is complete. */
export interface StageRequest {
  write(part: Buffer): void;
  /** Ends the request's input (writes the NUL). */
  end(): void;
  /** Resolves when the whole answer has been passed on; rejects when the stage failed or was stopped. */
  done: Promise<void>;
}

/**
 * A run of consecutive programs of an Apertium pipeline, kept running in null-flush mode: the
 * programs (each with `-z`) started directly and connected stdout to stdin, as the mode file
 * says. A request is written followed
 * by a NUL byte; every program flushes when it reads the NUL, passes it on and keeps running
 * with its dictionaries loaded, so the answer is everything up to the NUL that comes out.
 *
 * One request at a time. Anything unexpected — a program exits, output arrives with no request
 * or after the answer's NUL, a request is stopped mid-way — closes the pipeline (SIGKILL to each
 * program's process group): its programs may be half-way through a request, and nothing of one
 * request may ever reach another's answer.
 */
export class WarmStage {
  private readonly children: ChildProcess[] = [];
  private pending: Pending | null = null;
  private closed = false;
  private stderrTail = "";

  constructor(
    /** The mode and the stage's place in it, for messages. */
    readonly mode: string,
    commands: readonly PipelineCommand[],
    /** Called once when the pipeline closes, for whatever reason. */
    private readonly onClose: (stage: WarmStage) => void,
  ) {
    try {
      this.start(commands);
    } catch (error) {
      // spawn() throws on what it cannot even try (no memory, no process slot): nothing may stay behind.
      this.fail(error);
      throw error;
    }
  }

  private start(commands: readonly PipelineCommand[]): void {
    const env = apertiumEnvironment();
    let previous: ChildProcess | undefined;
    for (const { program, args } of commands) {
      const child = spawn(program, args, {
        stdio: [previous ? previous.stdout! : "pipe", "pipe", "pipe"],
        // Its own process group: killed as a whole, and a terminal's Ctrl-C reaches only the server.
        detached: true,
        env,
      });
      // The child holds its own copy of the previous program's output now; the server lets go of it.
      previous?.stdout!.destroy();
      this.children.push(child);
      child.on("error", (error) => this.fail(new Error(`${program} could not be started: ${error.message}`)));
      child.on("exit", (code, signal) =>
        this.fail(new Error(`${program} exited with ${signal ?? code}: ${this.stderrTail.trim().slice(-200)}`)),
      );
      child.stderr!.on("data", (chunk: Buffer) => {
        this.stderrTail = (this.stderrTail + chunk.toString("utf8")).slice(-2000);
      });
      previous = child;
    }
    const first = this.children[0]!;
    const last = this.children.at(-1)!;
    first.stdin!.on("error", (error) => this.fail(new Error(`could not write to ${this.mode}: ${error.message}`)));
    last.stdout!.on("data", (chunk: Buffer) => this.receive(chunk));
    // An idle pipeline does not keep the server's event loop alive; a request's timer does.
    for (const child of this.children) {
      child.unref();
      (child.stderr as Socket | null)?.unref();
    }
    (first.stdin as Socket).unref();
    (last.stdout as Socket).unref();
  }

  get alive(): boolean {
    return !this.closed;
  }

  /** The process ids of the pipeline's programs (diagnostics and tests). */
  get pids(): number[] {
    return this.children.flatMap((child) => (child.pid ? [child.pid] : []));
  }

  /**
   * Sends one request (already deformatted, with no NUL in it) and resolves with the answer.
   * When `stop` aborts first, the pipeline is closed and the promise rejects with its reason.
   */
  async translate(input: Buffer, stop: AbortSignal): Promise<Buffer> {
    const parts: Buffer[] = [];
    const request = this.begin(stop, (part) => parts.push(part));
    request.write(input);
    request.end();
    await request.done;
    return Buffer.concat(parts);
  }

  /**
   * Starts one request whose input is written in parts (no NUL in them) and whose answer is passed
   * on to `onOutput` part by part as the last program prints it, so that the next step of the
   * pipeline can start on it. When `stop` aborts first, the pipeline is closed and `done` rejects
   * with its reason.
   */
  begin(stop: AbortSignal, onOutput: (part: Buffer) => void): StageRequest {
    const refused = (error: unknown): StageRequest => {
      const done = Promise.reject(error);
      done.catch(() => {});
      return { write: () => {}, end: () => {}, done };
    };
    if (this.closed) return refused(new Error(`the ${this.mode} pipeline is closed`));
    if (this.pending) return refused(new Error(`the ${this.mode} pipeline is busy`));
    if (stop.aborted) return refused(stop.reason);
    const done = new Promise<void>((resolve, reject) => {
      const onStop = () => this.fail(stop.reason);
      stop.addEventListener("abort", onStop, { once: true });
      this.pending = {
        resolve: () => {
          stop.removeEventListener("abort", onStop);
          resolve();
        },
        reject: (error) => {
          stop.removeEventListener("abort", onStop);
          reject(error);
        },
        onOutput,
        size: 0,
      };
    });
    // The caller may learn of a failure from another part of the pipeline first.
    done.catch(() => {});
    const stdin = this.children[0]!.stdin!;
    return {
      write: (part) => {
        if (!this.closed) stdin.write(part);
      },
      end: () => {
        if (!this.closed) stdin.write(NUL);
      },
      done,
    };
  }

  /** Stops every program of the pipeline; a request in flight fails with `reason`. */
  close(reason: unknown = new Error(`the ${this.mode} pipeline was closed`)): void {
    this.fail(reason);
  }

  private receive(chunk: Buffer): void {
    const pending = this.pending;
    if (!pending) return this.fail(new Error(`${this.mode} printed output that no request asked for`));
    const end = chunk.indexOf(0);
    const part = end < 0 ? chunk : chunk.subarray(0, end);
    pending.size += part.length;
    if (pending.size > MAX_OUTPUT_BYTES) return this.fail(new ApertiumStopped("the output is too large"));
    if (part.length > 0) pending.onOutput(part);
    if (end < 0) return;
    this.pending = null;
    pending.resolve();
    if (end + 1 < chunk.length) this.fail(new Error(`${this.mode} printed more than one answer to a request`));
  }

  private fail(reason: unknown): void {
    if (this.closed) return;
    this.closed = true;
    for (const child of this.children) {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    const pending = this.pending;
    this.pending = null;
    pending?.reject(reason);
    this.onClose(this);
  }
}
