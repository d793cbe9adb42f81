import { useId, useState, type FormEvent } from "react";
import { api } from "../../api/endpoints";
import type { Organization } from "../../api/types";
import { ActionOutcome } from "../../components/ActionOutcome";
import { useAction } from "../../hooks/useAction";
import { countOf, WORDS } from "../../format/plural";

/**
 * The organization's cap on key lifetimes (docs/usage-and-limits.md `maxKeyLifetimeDays`), set by team managers.
 * It applies to keys created or rolled from now on; existing keys keep their expiry.
 */
export function KeyLifetimeSetting({
  org,
  canManage,
  onSaved,
}: {
  org: Organization;
  canManage: boolean;
  onSaved: (org: Organization) => void;
}) {
  const id = useId();
  const [capped, setCapped] = useState(org.maxKeyLifetimeDays !== null);
  const [days, setDays] = useState(String(org.maxKeyLifetimeDays ?? 90));
  const [status, setStatus] = useState("");
  const { busy, error, setError, run } = useAction();

  const current =
    org.maxKeyLifetimeDays === null
      ? "No limit: keys may never expire."
      : `Keys expire at most ${countOf(org.maxKeyLifetimeDays, WORDS.day)} after they are created or rolled.`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus("");
    const value = Number(days);
    if (capped && (!Number.isInteger(value) || value < 1 || value > 3650)) {
      setError("Enter a whole number of days from 1 to 3650.");
      return;
    }
    await run(async () => {
      const saved = await api.updateOrganization(org.id, { maxKeyLifetimeDays: capped ? value : null });
      setStatus(
        saved.maxKeyLifetimeDays === null
          ? "Saved: no limit."
          : `Saved: at most ${countOf(saved.maxKeyLifetimeDays, WORDS.day)}.`,
      );
      onSaved(saved);
    });
  };

  return (
    <section className="section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>API key lifetime</h2>
      <p>{current}</p>
      {canManage ? (
        <form className="inline-form" onSubmit={submit} aria-label="Maximum API key lifetime">
          <label className="check">
            <input type="checkbox" checked={capped} onChange={(event) => setCapped(event.target.checked)} />
            <span>Limit how long keys live</span>
          </label>
          <div className="field">
            <label htmlFor={`${id}-days`}>Maximum lifetime (days)</label>
            <input
              id={`${id}-days`}
              type="number"
              inputMode="numeric"
              min={1}
              max={3650}
              disabled={!capped}
              value={days}
              onChange={(event) => setDays(event.target.value)}
            />
          </div>
          <button type="submit" className="primary" disabled={busy}>
            Save key lifetime
          </button>
          <ActionOutcome status={status} error={error} />
        </form>
      ) : (
        <p className="hint">Only members who manage the team can change this.</p>
      )}
      <p className="hint">
        Applies to keys created or rolled from now on: a longer or missing expiry becomes the maximum. Existing keys
        keep their expiry.
      </p>
    </section>
  );
}
