import { useId } from "react";
import { dateInputValue } from "./expiry-text";
import { countOf, WORDS } from "../../format/plural";

/** What the create dialog asks for: never, a number of days, or a date (docs/usage-and-limits.md). */
export type ExpiryChoice = { kind: "never" } | { kind: "days"; days: number } | { kind: "date"; date: string };

const DAY_CHOICES = [7, 30, 90];
const MAX_DAYS = 3650;

/** The choice the picker starts on: never, or the organization's maximum when it caps lifetimes. */
export function initialExpiry(maxLifetimeDays: number | null): ExpiryChoice {
  return maxLifetimeDays === null ? { kind: "never" } : { kind: "days", days: maxLifetimeDays };
}

/**
 * Expiry of a new key: never / 7 / 30 / 90 days / a date, offering only what the organization's
 * cap allows (the server caps again, whatever is sent).
 */
export function ExpiryPicker({
  maxLifetimeDays,
  value,
  onChange,
}: {
  maxLifetimeDays: number | null;
  value: ExpiryChoice;
  onChange: (choice: ExpiryChoice) => void;
}) {
  const id = useId();
  const limit = maxLifetimeDays ?? MAX_DAYS;
  const dayChoices = DAY_CHOICES.filter((days) => days < limit);
  if (maxLifetimeDays !== null) dayChoices.push(maxLifetimeDays);
  const selected = value.kind === "days" ? `days-${value.days}` : value.kind;
  const select = (option: string) => {
    if (option === "never") onChange({ kind: "never" });
    else if (option === "date") onChange({ kind: "date", date: dateInputValue(Math.min(30, limit)) });
    else onChange({ kind: "days", days: Number(option.slice("days-".length)) });
  };
  return (
    <fieldset className="checklist expiry-picker">
      <legend>Expires</legend>
      <label htmlFor={`${id}-when`} className="visually-hidden">
        When the key expires
      </label>
      <select id={`${id}-when`} value={selected} onChange={(event) => select(event.target.value)}>
        {maxLifetimeDays === null && <option value="never">Never</option>}
        {dayChoices.map((days) => (
          <option key={days} value={`days-${days}`}>
            {days === maxLifetimeDays
              ? `In ${countOf(days, WORDS.day)} (the organization's maximum)`
              : `In ${countOf(days, WORDS.day)}`}
          </option>
        ))}
        <option value="date">On a date…</option>
      </select>
      {value.kind === "date" && (
        <>
          <label htmlFor={`${id}-date`}>Last day the key works</label>
          <input
            id={`${id}-date`}
            type="date"
            required
            min={dateInputValue(0)}
            max={dateInputValue(limit)}
            value={value.date}
            onChange={(event) => onChange({ kind: "date", date: event.target.value })}
          />
        </>
      )}
      {maxLifetimeDays !== null && (
        <p className="hint">This organization lets keys live at most {countOf(maxLifetimeDays, WORDS.day)}.</p>
      )}
    </fieldset>
  );
}
