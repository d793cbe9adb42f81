import { useId, useState, type FormEvent } from "react";
import { PLANS } from "../../../../src/contract/vocabulary";
import { api } from "../../api/endpoints";
import type { Organization, Plan } from "../../api/types";
import { ActionOutcome } from "../../components/ActionOutcome";
import { useAction } from "../../hooks/useAction";

/** Instance admins change an organization's plan and RBAC entitlement. */
export function PlanEditor({ org, onSaved }: { org: Organization; onSaved: (org: Organization) => void }) {
  const id = useId();
  const [plan, setPlan] = useState<Plan>(org.plan);
  const [rbac, setRbac] = useState(org.rbac);
  const [quota, setQuota] = useState(org.monthlyCharacterQuota === null ? "" : String(org.monthlyCharacterQuota));
  const [status, setStatus] = useState("");
  const { busy, error, run } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus("");
    await run(async () => {
      const saved = await api.changePlan(org.id, plan, rbac, quota.trim() === "" ? null : Number(quota));
      setStatus(`Saved: ${saved.plan}, RBAC ${saved.rbac ? "granted" : "not granted"}.`);
      onSaved(saved);
    });
  };

  return (
    <form className="inline-form" onSubmit={submit} aria-label={`Plan of ${org.name}`}>
      <div className="field">
        <label htmlFor={`${id}-plan`}>Plan</label>
        <select id={`${id}-plan`} value={plan} onChange={(event) => setPlan(event.target.value as Plan)}>
          {PLANS.map((candidate) => (
            <option key={candidate} value={candidate}>
              {candidate}
            </option>
          ))}
        </select>
      </div>
      <label className="check">
        <input type="checkbox" checked={rbac} onChange={(event) => setRbac(event.target.checked)} />
        <span>RBAC entitlement</span>
      </label>
      <div className="field">
        <label htmlFor={`${id}-quota`}>Monthly character quota (empty: unlimited)</label>
        <input
          id={`${id}-quota`}
          type="number"
          min={0}
          inputMode="numeric"
          value={quota}
          onChange={(event) => setQuota(event.target.value)}
        />
      </div>
      <button type="submit" className="primary" disabled={busy}>
        Save plan
      </button>
      <ActionOutcome status={status} error={error} />
    </form>
  );
}
