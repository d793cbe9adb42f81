import { useState, type FormEvent } from "react";
import { api } from "../../api/endpoints";
import type { ApiKey, Engine, Role } from "../../api/types";
import { Dialog } from "../../components/Dialog";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useAction } from "../../hooks/useAction";
import { KeyLimitFields, changedKeyLimits, useKeyLimitValues } from "./KeyLimitFields";
import { ServiceAccessFields } from "./ServiceAccessFields";

interface EditKeyDialogProps {
  orgId: string;
  apiKey: ApiKey | null;
  serviceRoles: Role[];
  reachableEngines: Engine[];
  allEngines: Engine[];
  onClose: () => void;
  onSaved: () => void;
}

/** Rename any key; for a service key also change its role and engine scope. */
export function EditKeyDialog(props: EditKeyDialogProps) {
  return (
    <Dialog
      open={props.apiKey !== null}
      title={props.apiKey ? `Edit key “${props.apiKey.name}”` : "Edit key"}
      onClose={props.onClose}
    >
      {props.apiKey && <EditKeyForm {...props} apiKey={props.apiKey} />}
    </Dialog>
  );
}

function EditKeyForm({
  orgId,
  apiKey,
  serviceRoles,
  reachableEngines,
  allEngines,
  onClose,
  onSaved,
}: EditKeyDialogProps & { apiKey: ApiKey }) {
  const [name, setName] = useState(apiKey.name);
  const [roleId, setRoleId] = useState(apiKey.roleId ?? "");
  const [engineIds, setEngineIds] = useState<Set<string>>(new Set(apiKey.engineIds));
  const [limits, setLimits] = useKeyLimitValues(apiKey);
  const { busy, error, setError, run } = useAction();
  const isService = apiKey.kind === "service";
  // Engines already in scope stay listed (they may be removed) even when you cannot reach them.
  const offered = allEngines.filter(
    (engine) => reachableEngines.includes(engine) || apiKey.engineIds.includes(engine.id),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError("The name cannot be empty.");
      return;
    }
    await run(async () => {
      const body: Parameters<typeof api.updateKey>[2] = {};
      if (name.trim() !== apiKey.name) body.name = name.trim();
      if (isService) {
        if ((roleId || null) !== apiKey.roleId) body.roleId = roleId || null;
        const sameScope =
          engineIds.size === apiKey.engineIds.length && apiKey.engineIds.every((engineId) => engineIds.has(engineId));
        if (!sameScope) body.engineIds = [...engineIds];
      }
      Object.assign(body, changedKeyLimits(limits, apiKey));
      if (Object.keys(body).length > 0) await api.updateKey(orgId, apiKey.id, body);
      onSaved();
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor="edit-key-name">Name</label>
      <input
        id="edit-key-name"
        required
        maxLength={100}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      {isService && (
        <ServiceAccessFields
          roles={serviceRoles}
          roleId={roleId}
          onRoleChange={setRoleId}
          engines={offered}
          totalEngines={allEngines.length}
          engineIds={engineIds}
          onEnginesChange={setEngineIds}
        />
      )}
      <KeyLimitFields values={limits} onChange={setLimits} />
      <ErrorNotice message={error} />
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={busy}>
          Save
        </button>
      </div>
    </form>
  );
}
