import pLimit, { type LimitFunction } from "p-limit";
import { access } from "node:fs/promises";
import { join } from "node:path";
import { deformatHtml, reformatHtml } from "../../core/engines/apertium-html-format.js";
import { parseModePipeline, type PipelineCommand } from "../../core/engines/apertium-pipeline-commands.js";
import {
  apertiumModesDir,
  apertiumSlots,
  MAX_APERTIUM_PROCESSES,
  runProgram,
  unlessAborted,
  withDeadline,
} from "./apertium-cli.js";
import { WarmPipeline } from "./warm-pipeline.js";

/** A warm pipeline unused for this long is closed (one eng-spa pipeline holds about 110 MB: docs/performance.md). */
export const APERTIUM_IDLE_MS = 5 * 60_000;
/** A pipeline is replaced after this many requests, as Apertium's own server does, so that no slow leak grows for ever. */
export const APERTIUM_REQUESTS_PER_PIPELINE = 1000;

export interface ApertiumPipelinesOptions {
  /** Where the mode files are (`$APERTIUM_DATADIR/modes` by default). */
  modesDir?: string;
  /** The most pipelines kept, all modes together, and the most requests running at once. */
  maxPipelines?: number;
  idleMs?: number;
  requestsPerPipeline?: number;
  /** The server-wide limiter that `apertium -l` shares; a private one when `maxPipelines` is given. */
  slots?: LimitFunction;
}

const MODE_READ_TIMEOUT_MS = 10_000;
const MODE_NAME = /^[a-z]{2,3}(_[\w]+)?-[a-z]{2,3}(_[\w]+)?$/i;

/**
 * Keeps Apertium warm, as Apertium's own HTTP server (APy) does: a bounded pool of running
 * pipelines in null-flush mode, so that a request pays for translating its text and not for
 * starting a dozen programs that load their dictionaries.
 *
 * - At most `maxPipelines` requests run at once (the rest wait in order; a cancelled one leaves
 *   the queue without running) and at most `maxPipelines` pipelines exist, all modes together:
 *   a request for a mode with no idle pipeline starts one, closing the least recently used idle
 *   pipeline of another mode when the pool is full.
 * - A pipeline serves one request at a time. One that dies, outlives the timeout or is
 *   cancelled mid-request is killed and the next request starts a new one.
 * - Idle pipelines close after `idleMs`; `shutdown()` closes them all (busy ones when they finish).
 *
 * HTML formatting works as with `apertium -u -f html <mode>` without transfuse, so that tags and
 * Glossa's markers pass as superblanks; what `apertium-deshtml` and `apertium-rehtml` did per
 * request is done in TypeScript (`apertium-html-format.ts`), so no program starts for it. Inside
 * the pipeline, programs that keep context across requests run once per request, started ahead
 * (warm-pipeline.ts).
 */
export class ApertiumPipelines {
  private readonly modesDir: string;
  private readonly maxPipelines: number;
  private readonly idleMs: number;
  private readonly requestsPerPipeline: number;
  private readonly slots: LimitFunction;
  /** Idle pipelines, least recently used first, each with the timer that closes it. */
  private readonly idle: { pipeline: WarmPipeline; timer: NodeJS.Timeout }[] = [];
  private readonly busy = new Set<WarmPipeline>();
  /** Pipelines started before `shutdown()` that were busy then: closed when their request ends. */
  private readonly retiring = new Set<WarmPipeline>();
  private readonly commands = new Map<string, Promise<PipelineCommand[]>>();

  constructor(options: ApertiumPipelinesOptions = {}) {
    this.modesDir = options.modesDir ?? apertiumModesDir();
    this.maxPipelines = options.maxPipelines ?? MAX_APERTIUM_PROCESSES;
    this.idleMs = options.idleMs ?? APERTIUM_IDLE_MS;
    this.requestsPerPipeline = options.requestsPerPipeline ?? APERTIUM_REQUESTS_PER_PIPELINE;
    this.slots = options.slots ?? (options.maxPipelines ? pLimit(this.maxPipelines) : apertiumSlots);
  }

  /**
   * Translates an HTML document with `mode` as `apertium -u -f html <mode>` would; the timeout
   * counts from when the request gets its turn, and covers formatting and translation.
   */
  translateHtml(mode: string, html: string, timeoutMs: number, signal?: AbortSignal): Promise<string> {
    return unlessAborted(
      this.slots(() =>
        withDeadline(timeoutMs, signal, async (stop) => {
          const commands = await this.commandsFor(mode, stop);
          // A NUL would end the request early; the deformatter drops it anyway, so the output is the same.
          const deformatted = Buffer.from(deformatHtml(html.replaceAll("\0", "")), "utf8");
          const pipeline = this.take(mode, commands);
          try {
            return reformatHtml((await pipeline.translate(deformatted, stop)).toString("utf8"));
          } finally {
            this.giveBack(pipeline);
          }
        }),
      ),
      signal,
    );
  }

  /** Pipelines running now, idle and busy (diagnostics and tests). */
  get size(): { idle: number; busy: number } {
    return { idle: this.idle.length, busy: this.busy.size };
  }

  /** The process ids of every running pipeline's programs (diagnostics and tests). */
  pids(): number[] {
    return [...this.busy, ...this.idle.map((entry) => entry.pipeline)].flatMap((pipeline) => pipeline.pids);
  }

  /** Closes every idle pipeline now and every busy one when its request ends; later requests start new ones. */
  shutdown(): void {
    for (const pipeline of this.busy) this.retiring.add(pipeline);
    for (const { pipeline } of this.idle.splice(0)) this.close(pipeline);
  }

  /** An idle pipeline of `mode`, or a new one (the caller holds a slot, so the pool has room). */
  private take(mode: string, commands: readonly PipelineCommand[]): WarmPipeline {
    // The most recently used one: the others may then reach their idle time and close.
    let index = this.idle.length - 1;
    while (index >= 0 && this.idle[index]!.pipeline.mode !== mode) index--;
    let pipeline: WarmPipeline;
    if (index >= 0) {
      const [entry] = this.idle.splice(index, 1);
      clearTimeout(entry!.timer);
      pipeline = entry!.pipeline;
    } else {
      if (this.busy.size + this.idle.length >= this.maxPipelines) {
        const oldest = this.idle.shift();
        if (oldest) this.close(oldest.pipeline);
      }
      pipeline = new WarmPipeline(mode, commands, (closed) => this.forget(closed));
    }
    this.busy.add(pipeline);
    return pipeline;
  }

  private giveBack(pipeline: WarmPipeline): void {
    this.busy.delete(pipeline);
    if (!pipeline.alive) return;
    if (this.retiring.delete(pipeline) || pipeline.requests >= this.requestsPerPipeline) return this.close(pipeline);
    const timer = setTimeout(() => this.close(pipeline), this.idleMs);
    timer.unref();
    this.idle.push({ pipeline, timer });
  }

  private close(pipeline: WarmPipeline): void {
    pipeline.close();
    this.forget(pipeline);
  }

  /** Drops a closed pipeline from the pool, wherever it was. */
  private forget(pipeline: WarmPipeline): void {
    this.busy.delete(pipeline);
    this.retiring.delete(pipeline);
    const index = this.idle.findIndex((entry) => entry.pipeline === pipeline);
    if (index >= 0) clearTimeout(this.idle.splice(index, 1)[0]!.timer);
  }

  /**
   * The programs of `mode`'s pipeline in null-flush mode, as the `apertium` script builds them:
   * `apertium-wblank-mode -z` adds `-z` to each program of the mode file and the programs that
   * carry word-bound blanks across it; `$1` is `-n` (the script's `-u`: unknown words unmarked).
   * Read once per mode.
   */
  private commandsFor(mode: string, stop: AbortSignal): Promise<PipelineCommand[]> {
    let commands = this.commands.get(mode);
    if (!commands) {
      // Not stopped by the first caller's cancellation: other requests may be waiting for it too.
      commands = withDeadline(MODE_READ_TIMEOUT_MS, undefined, (own) => this.readCommands(mode, own));
      this.commands.set(mode, commands);
      commands.catch(() => this.commands.delete(mode));
    }
    return unlessAborted(commands, stop);
  }

  private async readCommands(mode: string, stop: AbortSignal): Promise<PipelineCommand[]> {
    if (!MODE_NAME.test(mode)) throw new Error(`"${mode}" is not an Apertium mode name`);
    const file = join(this.modesDir, `${mode}.mode`);
    await access(file).catch(() => {
      throw new Error(`the Apertium mode ${mode} is not installed (no ${file})`);
    });
    const pipeline = (await runProgram("apertium-wblank-mode", ["-z", file], { stop })).toString("utf8");
    const parsed = parseModePipeline(pipeline, { generator: "-n", tagger: "" });
    if (!parsed.ok) throw new Error(`${file}: ${parsed.reason}`);
    return parsed.commands;
  }
}

let serverPipelines: ApertiumPipelines | undefined;

/** The server's pool, sharing its limit with `apertium -l`. */
export function apertiumPipelines(): ApertiumPipelines {
  serverPipelines ??= new ApertiumPipelines();
  return serverPipelines;
}

/** Closes the server's warm pipelines (when a server closes); busy ones close when their request ends. */
export function closeApertiumPipelines(): void {
  serverPipelines?.shutdown();
}
