import { useId, useState, type FormEvent } from "react";
import { api } from "../../api/endpoints";
import type { ApiKey, CreatedKey } from "../../api/types";
import { Dialog } from "../../components/Dialog";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useAction } from "../../hooks/useAction";

/** How long the old key keeps working after a roll (docs/usage-and-limits.md `gracePeriodSeconds`). */
const GRACE_CHOICES = [
  { seconds: 0, label: "Stop the old key now" },
  { seconds: 3_600, label: "Keep the old key working for 1 hour" },
  { seconds: 86_400, label: "Keep the old key working for 24 hours" },
  { seconds: 604_800, label: "Keep the old key working for 7 days" },
];

interface RollKeyDialogProps {
  orgId: string;
  apiKey: ApiKey | null;
  onClose: () => void;
  onRolled: (created: CreatedKey) => void;
}

/** Rolls a key: a new secret (shown once by the secret dialog) and a grace period for the old one. */
export function RollKeyDialog(props: RollKeyDialogProps) {
  return (
    <Dialog open={props.apiKey !== null} title="Roll API key" onClose={props.onClose}>
      {props.apiKey && <RollKeyForm {...props} apiKey={props.apiKey} />}
    </Dialog>
  );
}

function RollKeyForm({ orgId, apiKey, onClose, onRolled }: RollKeyDialogProps & { apiKey: ApiKey }) {
  const id = useId();
  const [grace, setGrace] = useState(0);
  const { busy, error, run } = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => onRolled(await api.rollKey(orgId, apiKey.id, grace)));
  };
  return (
    <form onSubmit={submit}>
      <p>
        Rolling <strong>{apiKey.name}</strong> (<code>{apiKey.start}…</code>) creates a new key with the same name,
        access and expiry policy, and shows its secret once. Move your applications to the new secret before the old one
        stops.
      </p>
      <fieldset className="checklist">
        <legend>Old key</legend>
        {GRACE_CHOICES.map((choice) => (
          <label key={choice.seconds} className="check" htmlFor={`${id}-${choice.seconds}`}>
            <input
              id={`${id}-${choice.seconds}`}
              type="radio"
              name={`${id}-grace`}
              checked={grace === choice.seconds}
              onChange={() => setGrace(choice.seconds)}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </fieldset>
      <ErrorNotice message={error} />
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={busy}>
          Roll key
        </button>
      </div>
    </form>
  );
}
