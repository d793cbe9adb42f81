import { useState, type FormEvent } from "react";
import { api } from "../../api/endpoints";
import { errorMessage } from "../../api/http";
import type { Engine } from "../../api/types";
import { Dialog } from "../../components/Dialog";
import { ErrorNotice } from "../../components/ErrorNotice";
import { parseJsonObject } from "./parseJsonObject";

interface EngineDialogProps {
  orgId: string;
  providers: string[];
  /** null: closed; "new": create; an engine: edit it. */
  editing: Engine | "new" | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Create or edit an engine. Provider settings are a JSON object edited as text, so settings a
 * provider adds later (model, glossary, instructions, …) work without a new form.
 */
export function EngineDialog({ orgId, providers, editing, onClose, onSaved }: EngineDialogProps) {
  return (
    <Dialog open={editing !== null} title={editing === "new" ? "Create an engine" : editing ? `Edit engine “${editing.name}”` : "Engine"} onClose={onClose}>
      {editing !== null && <EngineForm orgId={orgId} providers={providers} engine={editing === "new" ? null : editing} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function EngineForm({ orgId, providers, engine, onClose, onSaved }: { orgId: string; providers: string[]; engine: Engine | null; onClose: () => void; onSaved: () => void }) {
  const [name, setName] = useState(engine?.name ?? "");
  const [provider, setProvider] = useState(engine?.provider ?? providers[0] ?? "");
  const [configText, setConfigText] = useState(JSON.stringify(engine?.config ?? {}, null, 2));
  const [isDefault, setIsDefault] = useState(engine?.isDefault ?? false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const parsed = parseJsonObject(configText, "The configuration");
  const providerChoices = engine && !providers.includes(engine.provider) ? [engine.provider, ...providers] : providers;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError("The engine needs a name.");
    if (!parsed.ok) return setError(parsed.error);
    setBusy(true);
    setError(null);
    try {
      const body = { name: name.trim(), provider, config: parsed.value, isDefault };
      if (engine) await api.updateEngine(orgId, engine.id, body);
      else await api.createEngine(orgId, body);
      onSaved();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor="engine-name">Name</label>
      <input id="engine-name" required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
      <label htmlFor="engine-provider">Provider</label>
      <select id="engine-provider" value={provider} onChange={(event) => setProvider(event.target.value)}>
        {providerChoices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
      <label htmlFor="engine-config">Configuration (JSON object)</label>
      <textarea
        id="engine-config"
        rows={8}
        spellCheck={false}
        className="code-input"
        value={configText}
        onChange={(event) => setConfigText(event.target.value)}
        aria-invalid={!parsed.ok}
        aria-describedby="engine-config-hint"
      />
      <p className="hint" id="engine-config-hint">
        {parsed.ok ? "Provider-specific settings such as a model, glossary or instructions. Credentials are never shown back." : parsed.error}
      </p>
      <label className="check">
        <input type="checkbox" checked={isDefault} onChange={(event) => setIsDefault(event.target.checked)} />
        <span>Default engine (used when a request names no engineId)</span>
      </label>
      <ErrorNotice message={error} />
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={busy}>
          {engine ? "Save engine" : "Create engine"}
        </button>
      </div>
    </form>
  );
}
