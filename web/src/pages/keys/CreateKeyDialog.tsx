import { useState, type FormEvent } from "react";
import { api } from "../../api/endpoints";
import type { CreatedKey, Engine, KeyKind, Role } from "../../api/types";
import { Dialog } from "../../components/Dialog";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useAction } from "../../hooks/useAction";
import { endOfDay } from "./expiry-text";
import { ExpiryPicker, initialExpiry, type ExpiryChoice } from "./ExpiryPicker";
import { ServiceAccessFields } from "./ServiceAccessFields";

interface CreateKeyDialogProps {
  open: boolean;
  orgId: string;
  kind: KeyKind;
  serviceRoles: Role[];
  reachableEngines: Engine[];
  totalEngines: number;
  /** The organization's cap on key lifetimes, in days; null: none. */
  maxLifetimeDays: number | null;
  onClose: () => void;
  onCreated: (created: CreatedKey) => void;
}

/** Name (required), expiry and, for a service key, its role and engine scope. */
export function CreateKeyDialog(props: CreateKeyDialogProps) {
  return (
    <Dialog
      open={props.open}
      title={props.kind === "service" ? "Create a service key" : "Create a personal key"}
      onClose={props.onClose}
    >
      <CreateKeyForm {...props} />
    </Dialog>
  );
}

function CreateKeyForm({
  orgId,
  kind,
  serviceRoles,
  reachableEngines,
  totalEngines,
  maxLifetimeDays,
  onClose,
  onCreated,
}: CreateKeyDialogProps) {
  const [name, setName] = useState("");
  const [expiry, setExpiry] = useState<ExpiryChoice>(initialExpiry(maxLifetimeDays));
  const [roleId, setRoleId] = useState("");
  const [engineIds, setEngineIds] = useState<Set<string>>(new Set());
  const { busy, error, setError, run } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError("Give the key a name that says what it is for.");
      return;
    }
    const expiresAt = expiry.kind === "date" ? endOfDay(expiry.date) : null;
    if (expiry.kind === "date" && !expiresAt) {
      setError("Choose the last day the key works.");
      return;
    }
    await run(async () => {
      const lifetime = expiry.kind === "days" ? { expiresInDays: expiry.days } : expiresAt ? { expiresAt } : {};
      const body =
        kind === "service"
          ? { name: name.trim(), kind, roleId: roleId || null, engineIds: [...engineIds], ...lifetime }
          : { name: name.trim(), kind, ...lifetime };
      onCreated(await api.createKey(orgId, body));
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor="key-name">Name</label>
      <input
        id="key-name"
        required
        maxLength={100}
        value={name}
        onChange={(event) => setName(event.target.value)}
        aria-describedby="key-name-hint"
      />
      <p className="hint" id="key-name-hint">
        What the key is for, e.g. "CI pipeline" or "Website build".
      </p>
      <ExpiryPicker maxLifetimeDays={maxLifetimeDays} value={expiry} onChange={setExpiry} />
      {kind === "service" && (
        <ServiceAccessFields
          roles={serviceRoles}
          roleId={roleId}
          onRoleChange={setRoleId}
          engines={reachableEngines}
          totalEngines={totalEngines}
          engineIds={engineIds}
          onEnginesChange={setEngineIds}
        />
      )}
      <ErrorNotice message={error} />
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={busy}>
          Create key
        </button>
      </div>
    </form>
  );
}
