import type { OrganizationId } from "../../contract/ids.js";
import type { UsageProtocol } from "../../contract/vocabulary.js";
import type { UsageCounter } from "../../contract/usage-counters.js";
import { dayOf, monthOf } from "../../core/limits/monthly-characters.js";
import { quotaNotices } from "../../core/limits/quota-notices.js";
import { addUsageCounts, zeroUsage } from "../../core/limits/usage-report.js";
import {
  addMonthlyCharacters,
  addUsage,
  insertQuotaNotice,
  monthlyCountsWithLimits,
  type MonthlyCharactersDelta,
  type MonthlyCountScope,
  type UsageDelta,
} from "../../storage/repositories/usage.js";
import {
  addQualityFindings,
  addQualityStrings,
  type QualityFindingsDelta,
  type QualityStringsDelta,
} from "../../storage/repositories/quality-counts.js";
import type { Sql } from "../../storage/sql.js";
import { emitEvent } from "../events/emit-event.js";

/** What one key-authenticated call did, for the usage counts: its counters (absent: 0; `requests` is 1). */
export interface CallOutcome extends CallCounts {
  organizationId: string;
  keyId: string;
  engineId: string | null;
  /** The API the call came through (absent: Glossa's own). */
  protocol?: UsageProtocol | undefined;
  /** The error `code` the call ended with, or null on success. */
  errorCode: string | null;
}

/** The counters one call reports; `requests` is counted by the recorder. */
export type CallCounts = Partial<Record<Exclude<UsageCounter, "requests">, number>>;

/** One finding as the quality checks report it; only its check and severity are counted. */
export interface CountedFinding {
  check: string;
  severity: "error" | "warning";
}

/** The strings of one answer whose translations were checked, and what the checks found (docs/quality.md). */
export interface ChecksOutcome {
  organizationId: string;
  keyId: string;
  engineId: string | null;
  targetLocale: string;
  strings: number;
  findings: readonly CountedFinding[];
}

/** Longest check id counted: the ids are the checks' own, this only bounds a row's key. */
const MAX_CHECK_ID = 64;
/** The severities the table accepts: a row with another would fail the whole flush, every time. */
const SEVERITIES: ReadonlySet<string> = new Set(["error", "warning"]);

/** Organization-wide rows of the monthly character counts use this key id. */
export const ORGANIZATION_ROW = "*";

/**
 * Usage counting without a database write per call: calls add to maps in memory, a timer
 * writes them all (one statement per table) every `intervalMs`. A killed process loses at
 * most one interval of counts; a graceful shutdown flushes. Characters of accepted localize
 * calls are also kept per month (for quotas) and are reserved before translating, so that the
 * quota check on this instance sees calls that have not been flushed yet.
 */
export class UsageRecorder {
  private daily = new Map<string, UsageDelta>();
  private qualityStrings = new Map<string, QualityStringsDelta>();
  private qualityFindings = new Map<string, QualityFindingsDelta>();
  /** The last scope recordChecks counted in, while its counters are the ones being filled (checkedScope). */
  private lastChecked:
    { counters: Map<string, QualityStringsDelta>; delta: QualityStringsDelta; id: string } | undefined;
  private monthly = new Map<string, MonthlyCharactersDelta>();
  /** The counts being written now: still this instance's own until the write committed. */
  private writing = new Map<string, MonthlyCharactersDelta>();
  /** Scopes ("org\nkey\nmonth") a call was refused for since the last flush. */
  private refused = new Set<string>();
  /** Quota events this instance knows were announced ("org\nkey\nmonth\nkind"): not tried again. */
  private readonly announced = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly sql: Sql,
    private readonly options: {
      analytics: boolean;
      onError: (error: unknown) => void;
      /** After every write attempt: counts read from the database before it are stale now. */
      onFlushed?: () => void;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }

  private today = { start: 0, end: 0, day: "", month: "" };

  /** Today's day and month (UTC), worked out once a day rather than on every call. */
  private calendar(): { day: string; month: string } {
    const now = this.now();
    if (now < this.today.start || now >= this.today.end) {
      const start = now - (now % 86_400_000);
      this.today = { start, end: start + 86_400_000, day: dayOf(now), month: monthOf(now).month };
    }
    return this.today;
  }

  record(outcome: CallOutcome): void {
    if (!this.options.analytics) return;
    const engineId = outcome.engineId ?? "";
    const protocol = outcome.protocol ?? "glossa";
    const { day } = this.calendar();
    const id = `${outcome.organizationId}\n${outcome.keyId}\n${engineId}\n${protocol}\n${day}`;
    let delta = this.daily.get(id);
    if (!delta) {
      delta = { organizationId: outcome.organizationId, keyId: outcome.keyId, engineId, protocol, day, ...zeroUsage() };
      this.daily.set(id, delta);
    }
    addUsageCounts(delta, outcome);
    delta.requests += 1;
    if (outcome.errorCode) delta.errors[outcome.errorCode] = (delta.errors[outcome.errorCode] ?? 0) + 1;
  }

  /** Counts the strings of an answer that were checked and its findings by check and severity. */
  recordChecks(outcome: ChecksOutcome): void {
    if (!this.options.analytics || (outcome.strings === 0 && outcome.findings.length === 0)) return;
    const { delta, id } = this.checkedScope(outcome);
    delta.strings += outcome.strings;
    for (const finding of outcome.findings) {
      if (!SEVERITIES.has(finding.severity)) continue;
      const check = finding.check.slice(0, MAX_CHECK_ID);
      const findingId = `${id}\n${check}\n${finding.severity}`;
      const counted = this.qualityFindings.get(findingId);
      if (counted) counted.findings += 1;
      else {
        const { strings: _, ...scope } = delta;
        this.qualityFindings.set(findingId, { ...scope, check, severity: finding.severity, findings: 1 });
      }
    }
  }

  /**
   * The strings counter of an answer's scope and its id, the last one remembered: a key's answers
   * come one after another, and joining and hashing the id anew cost about as much as the checks
   * of a short answer (docs/quality.md#what-the-report-costs-a-call).
   */
  private checkedScope(outcome: ChecksOutcome): { delta: QualityStringsDelta; id: string } {
    const { day } = this.calendar();
    const engineId = outcome.engineId ?? "";
    const last = this.lastChecked;
    if (
      last?.counters === this.qualityStrings &&
      last.delta.day === day &&
      last.delta.organizationId === outcome.organizationId &&
      last.delta.keyId === outcome.keyId &&
      last.delta.engineId === engineId &&
      last.delta.targetLocale === outcome.targetLocale
    )
      return last;
    const scope = {
      organizationId: outcome.organizationId,
      keyId: outcome.keyId,
      engineId,
      targetLocale: outcome.targetLocale,
      day,
    };
    const id = `${scope.organizationId}\n${scope.keyId}\n${scope.engineId}\n${scope.targetLocale}\n${day}`;
    let delta = this.qualityStrings.get(id);
    if (!delta) {
      delta = { ...scope, strings: 0 };
      this.qualityStrings.set(id, delta);
    }
    this.lastChecked = { counters: this.qualityStrings, delta, id };
    return this.lastChecked;
  }

  /** Characters counted against this month's limits; negative to give back a reservation. */
  addCharacters(organizationId: string, keyId: string, characters: number): void {
    const { month } = this.calendar();
    for (const scope of [keyId, ORGANIZATION_ROW]) {
      const id = `${organizationId}\n${scope}\n${month}`;
      const delta = this.monthly.get(id);
      if (delta) delta.characters += characters;
      else this.monthly.set(id, { organizationId, keyId: scope, month, characters });
    }
  }

  /** A call was refused for this month's limit of `keyId` (or the organization's, "*"): `quota.exceeded` at the next flush. */
  noteQuotaRefused(organizationId: string, keyId: string): void {
    this.refused.add(`${organizationId}\n${keyId}\n${this.calendar().month}`);
  }

  /** Characters counted here and not yet flushed, for the key and for its organization. */
  pendingCharacters(organizationId: string, keyId: string): { organization: number; key: number } {
    const { month } = this.calendar();
    const count = (id: string) => (this.monthly.get(id)?.characters ?? 0) + (this.writing.get(id)?.characters ?? 0);
    return {
      organization: count(`${organizationId}\n${ORGANIZATION_ROW}\n${month}`),
      key: count(`${organizationId}\n${keyId}\n${month}`),
    };
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  /** Writes what was counted; on failure the counts go back into the maps for the next try. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (
      this.daily.size === 0 &&
      this.monthly.size === 0 &&
      this.refused.size === 0 &&
      this.qualityStrings.size === 0 &&
      this.qualityFindings.size === 0
    )
      return;
    const daily = this.daily;
    const monthly = this.monthly;
    const refused = this.refused;
    const quality = { strings: this.qualityStrings, findings: this.qualityFindings };
    this.daily = new Map();
    this.monthly = new Map();
    this.refused = new Set();
    this.qualityStrings = new Map();
    this.qualityFindings = new Map();
    this.writing = monthly;
    this.flushing = this.write(daily, monthly, refused, quality).finally(() => {
      this.writing = new Map();
      this.flushing = null;
      this.options.onFlushed?.();
    });
    await this.flushing;
  }

  private async write(
    daily: Map<string, UsageDelta>,
    monthly: Map<string, MonthlyCharactersDelta>,
    refused: Set<string>,
    quality: { strings: Map<string, QualityStringsDelta>; findings: Map<string, QualityFindingsDelta> },
  ): Promise<void> {
    let announced: string[] = [];
    try {
      await this.sql.transaction(async (tx) => {
        await addUsage(tx, [...daily.values()]);
        await addQualityStrings(tx, [...quality.strings.values()]);
        await addQualityFindings(tx, [...quality.findings.values()]);
        await addMonthlyCharacters(
          tx,
          [...monthly.values()].filter((delta) => delta.characters !== 0),
        );
        announced = await this.announceQuotas(tx, [...new Set([...monthly.keys(), ...refused])], refused);
      });
      for (const id of announced) this.announced.add(id);
    } catch (error) {
      for (const id of refused) this.refused.add(id);
      for (const [id, delta] of daily) {
        const current = this.daily.get(id);
        if (!current) this.daily.set(id, delta);
        else addUsageCounts(current, delta);
      }
      for (const [id, delta] of quality.strings) {
        const current = this.qualityStrings.get(id);
        if (current) current.strings += delta.strings;
        else this.qualityStrings.set(id, delta);
      }
      for (const [id, delta] of quality.findings) {
        const current = this.qualityFindings.get(id);
        if (current) current.findings += delta.findings;
        else this.qualityFindings.set(id, delta);
      }
      for (const [id, delta] of monthly) {
        const current = this.monthly.get(id);
        if (current) current.characters += delta.characters;
        else this.monthly.set(id, delta);
      }
      this.options.onError(error);
    }
  }

  /**
   * docs/webhooks.md `quota.warning` (80 %) and `quota.exceeded`, each once a month per scope, in the
   * transaction that writes the counts: the notice row decides which instance announces it.
   */
  private async announceQuotas(tx: Sql, ids: string[], refused: Set<string>): Promise<string[]> {
    const scopes = ids.map((id): MonthlyCountScope => {
      const [organizationId, keyId, month] = id.split("\n") as [string, string, string];
      return { organizationId, keyId, month };
    });
    const announced: string[] = [];
    for (const count of await monthlyCountsWithLimits(tx, scopes)) {
      const id = `${count.organizationId}\n${count.keyId}\n${count.month}`;
      for (const kind of quotaNotices({ ...count, refused: refused.has(id) })) {
        const noticeId = `${id}\n${kind}`;
        if (this.announced.has(noticeId)) continue;
        announced.push(noticeId);
        if (!(await insertQuotaNotice(tx, count, kind))) continue;
        const organizationWide = count.keyId === ORGANIZATION_ROW;
        await emitEvent(tx, {
          organizationId: count.organizationId as OrganizationId,
          type: kind === "warning" ? "quota.warning" : "quota.exceeded",
          data: {
            scope: organizationWide ? "organization" : "key",
            keyId: organizationWide ? null : count.keyId,
            month: count.month,
            limit: count.limit,
            used: count.used,
          },
        });
      }
    }
    return announced;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
