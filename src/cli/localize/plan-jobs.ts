import type { TargetPlan } from "./plan-target.js";

/** docs/jobs.md: a job takes at most 50 target locales. */
export const MAX_LOCALES_PER_JOB = 50;

/** One server job: these strings, into these locales. */
export interface JobBatch {
  pointers: string[];
  targets: string[];
}

/**
 * Groups the targets of an `--async` run into jobs. Targets that need exactly the same strings
 * (the usual case: a first run, or a source string changed for every locale) share one job; a
 * job never has more than 50 locales. Targets with nothing to translate need no job.
 */
export function planJobs(plans: ReadonlyMap<string, Pick<TargetPlan, "translate">>): JobBatch[] {
  const groups = new Map<string, JobBatch>();
  for (const [target, plan] of plans) {
    if (plan.translate.length === 0) continue;
    const key = JSON.stringify(plan.translate);
    const group = groups.get(key);
    if (group) group.targets.push(target);
    else groups.set(key, { pointers: [...plan.translate], targets: [target] });
  }
  const batches: JobBatch[] = [];
  for (const group of groups.values()) {
    for (let start = 0; start < group.targets.length; start += MAX_LOCALES_PER_JOB) {
      batches.push({ pointers: group.pointers, targets: group.targets.slice(start, start + MAX_LOCALES_PER_JOB) });
    }
  }
  return batches;
}
