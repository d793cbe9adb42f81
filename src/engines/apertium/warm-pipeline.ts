import type { PipelineCommand } from "../../core/engines/apertium-pipeline-commands.js";
import { startProgram } from "./apertium-cli.js";
import { WarmStage } from "./warm-stage.js";

/**
 * Programs that carry context from one request to the next in null-flush mode, so that a warm
 * one would translate a text differently depending on what it translated before. Measured:
 * Debian's `apertium-tagger` 3.8 (`-g -z`) tags the start of a request from the end of the
 * previous one (19 of 30 chunks of UI strings came out differently from one-shot runs).
 * `apertium-anaphora` resolves references across sentences by design. They load little (the
 * eng-spa tagger model is 47 kB) and run once per request, with the request and a NUL as input.
 */
const STATEFUL_PROGRAMS = new Set(["apertium-tagger", "apertium-anaphora"]);

type Part = { kind: "warm"; stage: WarmStage } | { kind: "once"; command: PipelineCommand };

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
    } catch (error) {
      this.close(error);
      throw error;
    }
  }

  get alive(): boolean {
    return !this.closed;
  }

  /** The process ids of the pipeline's running programs (diagnostics and tests). */
  get pids(): number[] {
    return this.parts.flatMap((part) => (part.kind === "warm" ? part.stage.pids : []));
  }

  /** Translates one request (deformatted, with no NUL in it); `stop` aborting closes the pipeline. */
  async translate(input: Buffer, stop: AbortSignal): Promise<Buffer> {
    if (this.closed) throw new Error(`the ${this.mode} pipeline is closed`);
    let text = input;
    // The per-request programs start now, loading their data while the warm stages work.
    const started = this.parts.map((part) =>
      part.kind === "once" ? startProgram(part.command.program, part.command.args, stop) : undefined,
    );
    try {
      for (const [index, part] of this.parts.entries()) {
        if (part.kind === "warm") text = await part.stage.translate(text, stop);
        else text = withoutNul(await started[index]!.feed(Buffer.concat([text, NUL])));
      }
    } catch (error) {
      for (const program of started) program?.cancel();
      this.close(error);
      throw error;
    }
    this.requests++;
    return text;
  }

  /** Stops every program of the pipeline. */
  close(reason: unknown = new Error(`the ${this.mode} pipeline was closed`)): void {
    if (this.closed) return;
    this.closed = true;
    for (const part of this.parts) if (part.kind === "warm") part.stage.close(reason);
    this.onClose(this);
  }

  private startStage(commands: readonly PipelineCommand[]): WarmStage {
    return new WarmStage(this.mode, commands, () => this.close());
  }
}

function withoutNul(output: Buffer): Buffer {
  return output.includes(0) ? Buffer.from(output.filter((byte) => byte !== 0)) : output;
}
