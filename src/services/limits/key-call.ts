import type { OrganizationId } from "../../contract/ids.js";
import type { UsageProtocol } from "../../contract/vocabulary.js";
import { AppError } from "../../core/errors/app-error.js";
import { errorMessage } from "../../core/errors/messages.js";
import {
  bindingCount,
  charactersFit,
  monthOf,
  secondsUntil,
  type CharacterCount,
} from "../../core/limits/monthly-characters.js";
import type { KeyLimits } from "../../core/limits/key-limits.js";
import type { RateLimitPolicy } from "../../core/limits/rate-window.js";
import type { RateAdmission, RateLimiter } from "./rate-limiter.js";
import { StorageUnavailableError } from "../../storage/sql.js";
import { ORGANIZATION_ROW, type CallCounts, type CountedFinding, type UsageRecorder } from "./usage-recorder.js";
import type { Metrics } from "../../observability/metrics.js";

/** The part of a principal the limits need. */
export interface MeteredPrincipal {
  keyId: string;
  organizationId: OrganizationId;
  engine: { id: string } | null;
  limits: KeyLimits | null;
}

/** Where a principal keeps its call: a property, not a WeakMap (no ephemeron work for the collector per call). */
const CALL = Symbol("keyCall");

/** The metered call a principal belongs to, if any (dashboard "try engine" and the bench bypass have none). */
export function keyCallOf(principal: object): KeyCall | undefined {
  return (principal as { [CALL]?: KeyCall })[CALL];
}

/** The shell of limits and usage: one per server, shared by HTTP and MCP. */
export class KeyCallMeter {
  constructor(
    readonly rateLimiter: RateLimiter,
    readonly usage: UsageRecorder,
    private readonly now: () => number = Date.now,
    /** Counts calls refused by a rate limit or a quota (docs/metrics.md). */
    readonly metrics?: Metrics,
  ) {}

  /** Starts metering a call of an authenticated key, counted in usage under the API it came through. */
  begin(principal: MeteredPrincipal, protocol: UsageProtocol = "glossa"): KeyCall {
    const call = new KeyCall(this, principal, protocol);
    (principal as { [CALL]?: KeyCall })[CALL] = call;
    return call;
  }

  /** This month's character counts including what this instance counted and has not flushed yet. */
  characters(principal: MeteredPrincipal): { organization: CharacterCount; key: CharacterCount; resetsAt: Date } {
    const limits = principal.limits;
    const pending = this.usage.pendingCharacters(principal.organizationId, principal.keyId);
    return {
      organization: {
        limit: limits?.organizationCharacters.limit ?? null,
        used: (limits?.organizationCharacters.used ?? 0) + pending.organization,
      },
      key: { limit: limits?.keyCharacters.limit ?? null, used: (limits?.keyCharacters.used ?? 0) + pending.key },
      resetsAt: monthOf(this.now()).resetsAt,
    };
  }

  nowMs(): number {
    return this.now();
  }
}

/** One key-authenticated call: its rate admission, its character reservation and what it used. */
export class KeyCall {
  private reserved = 0;
  /** What the translation reported (tokens, memory figures); characters are the reservation's. */
  private counts: CallCounts = {};
  private characters = 0;
  private engineId: string | null = null;
  private finished = false;
  private checks: { targetLocale: string; strings: number; findings: readonly CountedFinding[] }[] = [];

  constructor(
    private readonly meter: KeyCallMeter,
    readonly principal: MeteredPrincipal,
    readonly protocol: UsageProtocol = "glossa",
  ) {}

  /** Null when the key has no rate limit; refusals are the caller's to raise (after writing the headers). */
  admitRate(): RateAdmission | null | Promise<RateAdmission> {
    const policy = this.principal.limits?.rateLimit;
    return policy ? this.meter.rateLimiter.admit(this.principal.keyId, policy) : null;
  }

  /** The call targets the principal's engine (localize); other calls (whoami, recognize) are counted without one. */
  targetsEngine(): void {
    this.engineId = this.principal.engine?.id ?? null;
  }

  /** Counts `characters` against this month's limits before anything is translated; 429 if they do not fit. */
  reserveCharacters(characters: number): void {
    const { organization, key, resetsAt } = this.meter.characters(this.principal);
    if (!charactersFit(organization, key, characters)) {
      const binding = organization.limit !== null && !charactersFit(organization, { limit: null, used: 0 }, characters);
      this.meter.usage.noteQuotaRefused(
        this.principal.organizationId,
        binding ? ORGANIZATION_ROW : this.principal.keyId,
      );
      throw new AppError(
        "quota_exceeded",
        errorMessage("quota_exceeded", {
          scope: binding ? "organization" : "key",
          limit: (binding ? organization.limit : key.limit) ?? 0,
          resetsAt: resetsAt.toISOString(),
        }),
        { retryAfterSeconds: secondsUntil(resetsAt, this.meter.nowMs()) },
      );
    }
    this.meter.usage.addCharacters(this.principal.organizationId, this.principal.keyId, characters);
    this.reserved = characters;
  }

  /** The translation succeeded: the reservation stands. */
  translated(counts: Omit<CallCounts, "characters">): void {
    this.characters = this.reserved;
    this.counts = counts;
  }

  /**
   * The quality checks ran on `strings` translated strings for `targetLocale` and found `findings`
   * (docs/quality.md): counted with the call's usage when it succeeds (a failed call answered none).
   */
  checked(report: { targetLocale: string; strings: number; findings: readonly CountedFinding[] }): void {
    this.checks.push(report);
  }

  /** Records the call once; a failed call gives its reserved characters back. */
  finish(errorCode: string | null): void {
    if (this.finished) return;
    this.settle();
    if (errorCode === "rate_limited") this.meter.metrics?.limitRefused("rate_limit");
    else if (errorCode === "quota_exceeded") this.meter.metrics?.limitRefused("monthly_quota");
    this.meter.usage.record({
      organizationId: this.principal.organizationId,
      keyId: this.principal.keyId,
      engineId: this.engineId,
      protocol: this.protocol,
      ...this.counts,
      characters: errorCode ? 0 : this.characters,
      errorCode,
    });
    if (errorCode) return;
    for (const report of this.checks)
      this.meter.usage.recordChecks({
        organizationId: this.principal.organizationId,
        keyId: this.principal.keyId,
        engineId: this.engineId,
        ...report,
      });
  }

  /**
   * The work was interrupted, not failed (a job canceled, or handed back at shutdown to run again
   * elsewhere): its reserved characters are given back and it is not counted.
   */
  abandon(): void {
    if (this.finished) return;
    this.settle();
  }

  /** Marks the call finished, giving back characters reserved for a translation that did not happen. */
  private settle(): void {
    this.finished = true;
    if (this.reserved > 0 && this.characters === 0)
      this.meter.usage.addCharacters(this.principal.organizationId, this.principal.keyId, -this.reserved);
  }
}

/** The code an error leaves with (as the problem handler maps it), for the usage counts. */
export function usageErrorCode(error: unknown): string {
  if (error instanceof AppError) return error.code;
  if (error instanceof StorageUnavailableError) return "unavailable";
  return "internal_error";
}

/** The `/whoami` `limits` member. */
export function describeLimits(
  meter: KeyCallMeter,
  principal: MeteredPrincipal,
): {
  rateLimit: RateLimitPolicy | null;
  monthlyCharacters: {
    limit: number | null;
    used: number;
    resetsAt: string;
    organization: CharacterCount;
    key: CharacterCount;
  };
} {
  const { organization, key, resetsAt } = meter.characters(principal);
  const binding = bindingCount(organization, key);
  return {
    rateLimit: principal.limits?.rateLimit ?? null,
    monthlyCharacters: {
      limit: binding.limit,
      used: binding.used,
      resetsAt: resetsAt.toISOString(),
      organization,
      key,
    },
  };
}
