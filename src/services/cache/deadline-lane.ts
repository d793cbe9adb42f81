/**
 * At most `width` tasks at a time, in order of arrival; a task still waiting at its deadline is not
 * run. For work that only helps (near matches): under a burst the calls that would wait skip it,
 * instead of queueing statements on a database that every other call needs too.
 */
export class DeadlineLane {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly width: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** `work`'s result, or undefined when no place was free before `deadline` (on the `now` clock). */
  async run<T>(deadline: number, work: () => Promise<T>): Promise<T | undefined> {
    if (!(await this.enter(deadline))) return undefined;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  private enter(deadline: number): Promise<boolean> | boolean {
    if (this.running < this.width) {
      this.running++;
      return true;
    }
    const wait = deadline - this.now();
    if (wait <= 0) return false;
    return new Promise<boolean>((resolve) => {
      // The place is handed over by the task that leaves: `running` stays as it is.
      const admit = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(admit), 1);
        resolve(false);
      }, wait);
      this.waiting.push(admit);
    });
  }
}
