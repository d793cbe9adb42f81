import type { Clock } from "../clock.js";
import { hostname } from "node:os";
import type { JobId } from "../../contract/ids.js";
import { randomBase62 } from "../../core/keys/random.js";
import { claimNextJob } from "../../storage/repositories/jobs.js";
import type { Sql } from "../../storage/sql.js";
import type { LastUsedTracker } from "../last-used-tracker.js";
import type { KeyCallMeter } from "../limits/key-call.js";
import { runJob, SHUTDOWN } from "./run-job.js";
import { runTmxImportJob } from "../exchange/run-tmx-import-job.js";
import type { Metrics } from "../../observability/metrics.js";

export interface JobWorkerOptions {
  /** Jobs this instance runs at once. 0 turns the worker off (the instance only accepts jobs). */
  concurrency: number;
  /** How often the queue is looked at when nothing woke the worker. */
  pollMs: number;
  /** How long a claim lasts without a heartbeat; a dead instance's jobs are resumed after it. */
  leaseMs: number;
}

export interface JobWorkerDeps {
  sql: Sql;
  lastUsed: LastUsedTracker;
  clock: Clock;
  secretKey: string | undefined;
  meter: KeyCallMeter;
  warn(error: unknown, message: string): void;
  metrics?: Metrics | undefined;
  nearMatches?: boolean | undefined;
  nearMatchBudgetMs?: number | undefined;
}

/**
 * Claims and runs jobs from the database, like every other instance does. A submission on this
 * instance wakes it at once; jobs submitted elsewhere, or left by a dead instance, are found by polling.
 */
export class JobWorker {
  /** The lease name: unique per process, readable in the database when diagnosing. */
  readonly owner = `${hostname()}:${process.pid}:${randomBase62(6)}`;
  private readonly running = new Map<JobId, Promise<void>>();
  private readonly shutdown = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private filling: Promise<void> | null = null;
  private wakeAgain = false;

  constructor(
    private readonly deps: JobWorkerDeps,
    private readonly options: JobWorkerOptions,
  ) {}

  start(): void {
    if (this.options.concurrency === 0) return;
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks for work now (after a submission, or when a job finished and frees a slot). */
  wake(): void {
    if (this.shutdown.signal.aborted || this.options.concurrency === 0) return;
    if (this.filling) {
      this.wakeAgain = true;
      return;
    }
    this.filling = this.fill()
      .catch((error: unknown) => this.deps.warn(error, "could not claim a job"))
      .finally(() => {
        this.filling = null;
        if (this.wakeAgain) {
          this.wakeAgain = false;
          this.wake();
        }
      });
  }

  /** Stops claiming, interrupts the running jobs and hands them back to the queue. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.shutdown.abort(SHUTDOWN);
    await this.filling;
    await Promise.allSettled([...this.running.values()]);
  }

  private async fill(): Promise<void> {
    while (!this.shutdown.signal.aborted && this.running.size < this.options.concurrency) {
      const job = await claimNextJob(this.deps.sql, this.owner, this.options.leaseMs);
      if (!job) return;
      const run = (job.kind === "tmx_import" ? runTmxImportJob : runJob)(job, {
        ...this.deps,
        owner: this.owner,
        leaseMs: this.options.leaseMs,
        signal: this.shutdown.signal,
      })
        .catch((error: unknown) => this.deps.warn(error, "a job run failed"))
        .finally(() => {
          this.running.delete(job.id);
          this.wake();
        });
      this.running.set(job.id, run);
    }
  }
}
