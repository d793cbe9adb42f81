import { useState } from "react";
import { api } from "../../api/endpoints";
import { errorMessage } from "../../api/http";
import type { Engine, Member } from "../../api/types";
import { Dialog } from "../../components/Dialog";
import { ActionOutcome } from "../../components/ActionOutcome";

interface GrantsDialogProps {
  orgId: string;
  member: Member | null;
  engines: Engine[];
  roleReachesAll: boolean;
  onClose: () => void;
  onChanged: () => void;
}

/** Per-engine grants of one member: each checkbox grants or revokes at once. */
export function GrantsDialog({ orgId, member, engines, roleReachesAll, onClose, onChanged }: GrantsDialogProps) {
  return (
    <Dialog
      open={member !== null}
      title={member ? `Engine access of ${member.email}` : "Engine access"}
      onClose={onClose}
    >
      {member && (
        <GrantsForm
          orgId={orgId}
          member={member}
          engines={engines}
          roleReachesAll={roleReachesAll}
          onClose={onClose}
          onChanged={onChanged}
        />
      )}
    </Dialog>
  );
}

function GrantsForm({
  orgId,
  member,
  engines,
  roleReachesAll,
  onClose,
  onChanged,
}: GrantsDialogProps & { member: Member }) {
  const [granted, setGranted] = useState(new Set(member.engineIds));
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState("");

  const toggle = async (engine: Engine, grant: boolean) => {
    setError(null);
    try {
      if (grant) await api.grantEngine(orgId, member.userId, engine.id);
      else await api.revokeEngine(orgId, member.userId, engine.id);
      const next = new Set(granted);
      if (grant) next.add(engine.id);
      else next.delete(engine.id);
      setGranted(next);
      setStatus(grant ? `Granted ${engine.name}.` : `Revoked ${engine.name}.`);
      onChanged();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <>
      {roleReachesAll && (
        <p className="notice">
          {member.email}'s role ({member.roleName}) already reaches every engine; grants matter when the role lacks
          engine:access.
        </p>
      )}
      <fieldset className="checklist">
        <legend>Engines granted to {member.email}</legend>
        {engines.length === 0 && <p className="muted">This organization has no engines yet.</p>}
        {engines.map((engine) => (
          <label key={engine.id} className="check">
            <input
              type="checkbox"
              checked={granted.has(engine.id)}
              onChange={(event) => void toggle(engine, event.target.checked)}
            />
            <span>{engine.name}</span>
          </label>
        ))}
      </fieldset>
      <ActionOutcome status={status} error={error} />
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Done
        </button>
      </div>
    </>
  );
}
