import type { PipelineCommand } from "../../core/engines/apertium-pipeline-commands.js";
import { startProgram, unlessAborted, type StartedProgram } from "./apertium-cli.js";
import { WarmStage } from "./warm-stage.js";

/**
 * Programs that carry context from one request to the next in null-flush mode, so that a warm
 * one would translate a text differently depending on what it translated before. Measured:
 * Debian's `apertium-tagger` 3.8 (`-g -z`) tags the start of a request from the end of the
 * previous one (19 of 30 chunks of UI strings came out differently from one-shot runs).
 * `apertium-anaphora` resolves references across sentences by design. They load little (the
 * eng-spa tagger model is 47 kB) and run once per request, with the request and a NUL as input.
 * Each is started ahead, when the pipeline starts and again as soon as a request has used it, so
 * that the next request finds it loaded and waiting for its input.
 */
const STATEFUL_PROGRAMS = new Set(["apertium-tagger", "apertium-anaphora"]);

type Part = { kind: "warm"; stage: WarmStage } | { kind: "once"; command: PipelineCommand };

/** Where a part of the pipeline writes what it prints: the next part's input, or the answer. */
interface Flow {
  write(part: Buffer): void;
  end(): void;
}

const NUL = Buffer.from([0]);

/**
 * One Apertium pipeline for a mode, as warm as it can be kept: runs of stateless programs stay
 * running (`WarmStage`), a stateful program runs once per request between them, so that every
 * request is translated exactly as a one-shot `apertium` run would translate it. One request
 * at a time; when any part fails, the whole pipeline closes.
 */
export class WarmPipeline {
  /** Requests this pipeline has answered. */
  requests = 0;
  private readonly parts: Part[] = [];
  private closed = false;
  /** Stops the programs started ahead for the next request when the pipeline closes. */
  private readonly lifetime = new AbortController();
  /** The next request's once-per-request programs, started ahead (one per `once` part). */
  private ahead: (StartedProgram | undefined)[] = [];

  constructor(
    readonly mode: string,
    commands: readonly PipelineCommand[],
    /** Called once when the pipeline closes, for whatever reason. */
    private readonly onClose: (pipeline: WarmPipeline) => void,
  ) {
    let run: PipelineCommand[] = [];
    const endRun = () => {
      if (run.length > 0) this.parts.push({ kind: "warm", stage: this.startStage(run) });
      run = [];
    };
    try {
      for (const command of commands) {
        if (STATEFUL_PROGRAMS.has(command.program.split("/").at(-1)!)) {
          endRun();
          this.parts.push({ kind: "once", command });
        } else run.push(command);
      }
      endRun();
      this.ahead = this.startAhead();
    } catch (error) {
      this.close(error);
      throw error;
    }
  }

  get alive(): boolean {
    return !this.closed;
  }

  /** The process ids of the pipeline's running programs, those waiting for the next request included (diagnostics and tests). */
  get pids(): number[] {
    return [
      ...this.parts.flatMap((part) => (part.kind === "warm" ? part.stage.pids : [])),
      ...this.ahead.flatMap((program) => (program?.pid ? [program.pid] : [])),
    ];
  }

  /**
   * Translates one request (deformatted, with no NUL in it); `stop` aborting closes the pipeline.
   * The request streams through the parts as `apertium` streams through its programs: each part
   * passes on what it printed as it prints it, so that the parts work at the same time.
   */
  async translate(input: Buffer, stop: AbortSignal): Promise<Buffer> {
    if (this.closed) throw new Error(`the ${this.mode} pipeline is closed`);
    const started = this.ahead.length > 0 ? this.ahead : this.startAhead();
    this.ahead = [];
    const answer: Buffer[] = [];
    // Wired from the last part back to the first: each part writes into the next one's input.
    let next: Flow = { write: (part) => answer.push(part), end: () => {} };
    const done: Promise<void>[] = [];
    for (let index = this.parts.length - 1; index >= 0; index--) {
      const part = this.parts[index]!;
      const into = next;
      if (part.kind === "warm") {
        const request = part.stage.begin(stop, (output) => into.write(output));
        done.push(request.done.then(() => into.end()));
        next = request;
      } else {
        // A per-request program ends its answer with the NUL it was given, then exits.
        const program = started[index]!.stream((output) => into.write(withoutNul(output)));
        done.push(unlessAborted(program.done, stop).then(() => into.end()));
        next = { write: program.write, end: () => program.end(NUL) };
      }
    }
    try {
      next.write(input);
      next.end();
      await Promise.all(done);
    } catch (error) {
      for (const program of started) program?.cancel();
      this.close(error);
      throw error;
    }
    this.requests++;
    // After the answer has gone on its way: the next request's programs load while the server works.
    setImmediate(() => {
      if (!this.closed && this.ahead.length === 0) this.ahead = this.startAhead();
    });
    return Buffer.concat(answer);
  }

  /** Stops every program of the pipeline. */
  close(reason: unknown = new Error(`the ${this.mode} pipeline was closed`)): void {
    if (this.closed) return;
    this.closed = true;
    this.lifetime.abort(reason);
    for (const part of this.parts) if (part.kind === "warm") part.stage.close(reason);
    this.onClose(this);
  }

  /** The once-per-request programs of the next request, started now so that they load meanwhile. */
  private startAhead(): (StartedProgram | undefined)[] {
    const ahead = this.parts.map((part) =>
      part.kind === "once"
        ? startProgram(part.command.program, part.command.args, this.lifetime.signal, { waitsInBackground: true })
        : undefined,
    );
    for (const program of ahead) {
      // One that ends while it waits (killed from outside) closes the pipeline, as a warm program's end does.
      const onEnd = (error: unknown) => {
        if (this.ahead.includes(program))
          this.close(error ?? new Error(`${this.mode}: a program ended before its input`));
      };
      program?.ended.then(() => onEnd(undefined), onEnd);
    }
    return ahead;
  }

  private startStage(commands: readonly PipelineCommand[]): WarmStage {
    return new WarmStage(this.mode, commands, () => this.close());
  }
}

function withoutNul(output: Buffer): Buffer {
  return output.includes(0) ? Buffer.from(output.filter((byte) => byte !== 0)) : output;
}
