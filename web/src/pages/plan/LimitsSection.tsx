import { useId, useState, type FormEvent } from "react";
import { api } from "../../api/endpoints";
import type { Organization } from "../../api/types";
import { ActionOutcome } from "../../components/ActionOutcome";
import { useAction } from "../../hooks/useAction";
import { countOf, WORDS } from "../../format/plural";

const describeRate = (limit: Organization["defaultKeyRateLimit"]) =>
  limit ? `${countOf(limit.requests, WORDS.request)} per ${countOf(limit.windowSeconds, WORDS.second)}` : "Unlimited";

/** The organization's limits (docs/usage-and-limits.md): the default key rate limit, editable by team managers. */
export function LimitsSection({
  org,
  canManage,
  onSaved,
}: {
  org: Organization;
  canManage: boolean;
  onSaved: () => void;
}) {
  const id = useId();
  const [requests, setRequests] = useState(org.defaultKeyRateLimit ? String(org.defaultKeyRateLimit.requests) : "");
  const [windowSeconds, setWindowSeconds] = useState(
    org.defaultKeyRateLimit ? String(org.defaultKeyRateLimit.windowSeconds) : "60",
  );
  const [status, setStatus] = useState("");
  const { busy, error, run } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus("");
    await run(async () => {
      const defaultKeyRateLimit =
        requests.trim() === "" ? null : { requests: Number(requests), windowSeconds: Number(windowSeconds) };
      const saved = await api.updateOrganization(org.id, { defaultKeyRateLimit });
      setStatus(`Saved: ${describeRate(saved.defaultKeyRateLimit)}.`);
      onSaved();
    });
  };

  return (
    <section className="section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Limits</h2>
      <dl className="facts">
        <dt>Default key rate limit</dt>
        <dd data-testid="default-rate-limit">{describeRate(org.defaultKeyRateLimit)}</dd>
        <dt>Monthly character quota</dt>
        <dd data-testid="monthly-quota">
          {org.monthlyCharacterQuota === null ? "Unlimited" : countOf(org.monthlyCharacterQuota, WORDS.character)}
        </dd>
      </dl>
      {canManage && (
        <form className="inline-form" onSubmit={submit} aria-label="Default key rate limit">
          <div className="field">
            <label htmlFor={`${id}-requests`}>Requests per window (empty: unlimited)</label>
            <input
              id={`${id}-requests`}
              type="number"
              min={1}
              inputMode="numeric"
              value={requests}
              onChange={(event) => setRequests(event.target.value)}
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
              value={windowSeconds}
              onChange={(event) => setWindowSeconds(event.target.value)}
            />
          </div>
          <button type="submit" className="primary" disabled={busy}>
            Save default rate limit
          </button>
          <ActionOutcome status={status} error={error} />
        </form>
      )}
    </section>
  );
}
