import { useId, useState } from "react";
import type { ApiKey, RateLimit } from "../../api/types";

export interface KeyLimitValues {
  requests: string;
  windowSeconds: string;
  characters: string;
}

export interface KeyLimitsBody {
  rateLimit: RateLimit | null;
  monthlyCharacterLimit: number | null;
}

export function keyLimitValues(key?: ApiKey): KeyLimitValues {
  return {
    requests: key?.rateLimit ? String(key.rateLimit.requests) : "",
    windowSeconds: key?.rateLimit ? String(key.rateLimit.windowSeconds) : "60",
    characters:
      key?.monthlyCharacterLimit === null || key?.monthlyCharacterLimit === undefined
        ? ""
        : String(key.monthlyCharacterLimit),
  };
}

/** Empty fields mean "the organization's default" (rate) and "no limit of its own" (characters). */
export function keyLimitsBody(values: KeyLimitValues): KeyLimitsBody {
  return {
    rateLimit:
      values.requests.trim() === ""
        ? null
        : { requests: Number(values.requests), windowSeconds: Number(values.windowSeconds) },
    monthlyCharacterLimit: values.characters.trim() === "" ? null : Number(values.characters),
  };
}

/** Only what changed, for an edit. */
export function changedKeyLimits(values: KeyLimitValues, key: ApiKey): Partial<KeyLimitsBody> {
  const body = keyLimitsBody(values);
  const changes: Partial<KeyLimitsBody> = {};
  if (JSON.stringify(body.rateLimit) !== JSON.stringify(key.rateLimit)) changes.rateLimit = body.rateLimit;
  if (body.monthlyCharacterLimit !== key.monthlyCharacterLimit)
    changes.monthlyCharacterLimit = body.monthlyCharacterLimit;
  return changes;
}

export function useKeyLimitValues(key?: ApiKey) {
  return useState<KeyLimitValues>(() => keyLimitValues(key));
}

/** Rate limit and monthly character limit of one key (docs/usage-and-limits.md). */
export function KeyLimitFields({
  values,
  onChange,
}: {
  values: KeyLimitValues;
  onChange: (values: KeyLimitValues) => void;
}) {
  const id = useId();
  return (
    <fieldset className="key-limits">
      <legend>Limits</legend>
      <div className="field-row">
        <div className="field">
          <label htmlFor={`${id}-requests`}>Requests per window</label>
          <input
            id={`${id}-requests`}
            type="number"
            min={1}
            inputMode="numeric"
            placeholder="Organization default"
            value={values.requests}
            onChange={(event) => onChange({ ...values, requests: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-window`}>Window (seconds)</label>
          <input
            id={`${id}-window`}
            type="number"
            min={1}
            max={86400}
            inputMode="numeric"
            value={values.windowSeconds}
            onChange={(event) => onChange({ ...values, windowSeconds: event.target.value })}
          />
        </div>
      </div>
      <label htmlFor={`${id}-characters`}>Monthly character limit</label>
      <input
        id={`${id}-characters`}
        type="number"
        min={0}
        inputMode="numeric"
        placeholder="None (the organization's quota applies)"
        value={values.characters}
        onChange={(event) => onChange({ ...values, characters: event.target.value })}
      />
    </fieldset>
  );
}
