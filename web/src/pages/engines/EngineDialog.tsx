import { useRef, useState, type FormEvent } from "react";
import { api } from "../../api/endpoints";
import type { Engine, EngineBody } from "../../api/types";
import { Dialog } from "../../components/Dialog";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useAction } from "../../hooks/useAction";
import { parseJsonObject } from "./parseJsonObject";
import { credentialField, exampleConfigText } from "./providerForms";

interface EngineDialogProps {
  orgId: string;
  providers: string[];
  /** null: closed; "new": create; an engine: edit it. */
  editing: Engine | "new" | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Create or edit an engine. Provider settings are a JSON object edited as text (pre-filled with
 * a small example on create), so settings a provider adds later work without a new form.
 * Credentials are write-only: typed into a password input, sent only when typed, never shown.
 */
export function EngineDialog({ orgId, providers, editing, onClose, onSaved }: EngineDialogProps) {
  return (
    <Dialog
      open={editing !== null}
      title={editing === "new" ? "Create an engine" : editing ? `Edit engine “${editing.name}”` : "Engine"}
      onClose={onClose}
    >
      {/* A new engine starts with the first provider, so its form waits for the provider list. */}
      {editing !== null && (editing !== "new" || providers.length > 0) && (
        <EngineForm
          orgId={orgId}
          providers={providers}
          engine={editing === "new" ? null : editing}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Dialog>
  );
}

function EngineForm({
  orgId,
  providers,
  engine,
  onClose,
  onSaved,
}: {
  orgId: string;
  providers: string[];
  engine: Engine | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const initialProvider = engine?.provider ?? providers[0] ?? "";
  const [name, setName] = useState(engine?.name ?? "");
  const [provider, setProvider] = useState(initialProvider);
  // On create the textarea starts with the provider's example and follows the provider until edited.
  const [configText, setConfigText] = useState(
    engine ? JSON.stringify(engine.config, null, 2) : exampleConfigText(initialProvider),
  );
  const [configEdited, setConfigEdited] = useState(engine !== null);
  const [isDefault, setIsDefault] = useState(engine?.isDefault ?? false);
  // The secret stays in the (uncontrolled) input only: no React state, no value attribute.
  const secretInput = useRef<HTMLInputElement>(null);
  const [secretTyped, setSecretTyped] = useState(false);
  const [removeCredentials, setRemoveCredentials] = useState(false);
  const { busy, error, setError, run } = useAction();
  const parsed = parseJsonObject(configText, "The configuration");
  const providerChoices = engine && !providers.includes(engine.provider) ? [engine.provider, ...providers] : providers;
  const field = credentialField(provider);
  const providerChanged = engine !== null && provider !== engine.provider;
  const storedCredentials = engine?.hasCredentials === true && !providerChanged;

  const chooseProvider = (next: string) => {
    setProvider(next);
    setSecretTyped(false);
    setRemoveCredentials(false);
    if (!configEdited) setConfigText(exampleConfigText(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError("The engine needs a name.");
    if (!parsed.ok) return setError(parsed.error);
    await run(async () => {
      const body: EngineBody = { name: name.trim(), provider, config: parsed.value, isDefault };
      const secret = field && !removeCredentials ? (secretInput.current?.value ?? "") : "";
      if (field && secret !== "") body.credentials = { [field.name]: secret };
      else if (storedCredentials && removeCredentials) body.credentials = null;
      if (engine) await api.updateEngine(orgId, engine.id, body);
      else await api.createEngine(orgId, { ...body, name: name.trim(), provider });
      if (secretInput.current) secretInput.current.value = "";
      onSaved();
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor="engine-name">Name</label>
      <input id="engine-name" required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
      <label htmlFor="engine-provider">Provider</label>
      <select
        id="engine-provider"
        value={provider}
        onChange={(event) => chooseProvider(event.target.value)}
        aria-describedby={providerChanged && engine?.hasCredentials ? "engine-provider-hint" : undefined}
      >
        {providerChoices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
      {providerChanged && engine?.hasCredentials && (
        <p className="hint" id="engine-provider-hint">
          Changing the provider removes the stored credentials of {engine.provider} unless you enter new ones below.
        </p>
      )}
      {field && (
        <fieldset className="checklist credentials">
          <legend>Credentials</legend>
          {storedCredentials && (
            <p className="small" data-testid="credentials-state">
              <span className="badge badge-active">Credentials stored</span> They are never shown back.
            </p>
          )}
          <label htmlFor="engine-secret">{field.label}</label>
          <input
            key={provider}
            id="engine-secret"
            ref={secretInput}
            type="password"
            // Not a sign-in password: no password generation or autofill (password managers may still offer to save).
            autoComplete="off"
            data-1p-ignore=""
            data-lpignore="true"
            spellCheck={false}
            maxLength={4000}
            disabled={removeCredentials}
            onChange={(event) => setSecretTyped(event.target.value !== "")}
            aria-describedby="engine-secret-hint"
          />
          <p className="hint" id="engine-secret-hint">
            {storedCredentials
              ? `Leave empty to keep the stored ${field.label.toLowerCase()}; type a new one to replace it.`
              : field.required
                ? `Needed to translate with ${provider}. Stored encrypted and never shown back.`
                : `Optional for local OpenAI-compatible servers. Stored encrypted and never shown back.`}
          </p>
          {storedCredentials && (
            <label className="check">
              <input
                type="checkbox"
                checked={removeCredentials}
                disabled={secretTyped}
                onChange={(event) => setRemoveCredentials(event.target.checked)}
              />
              <span>Remove stored credentials</span>
            </label>
          )}
        </fieldset>
      )}
      <label htmlFor="engine-config">Configuration (JSON object)</label>
      <textarea
        id="engine-config"
        rows={8}
        spellCheck={false}
        className="code-input"
        value={configText}
        onChange={(event) => {
          setConfigText(event.target.value);
          setConfigEdited(true);
        }}
        aria-invalid={!parsed.ok}
        aria-describedby="engine-config-hint"
      />
      <p className="hint" id="engine-config-hint">
        {parsed.ok
          ? "Provider settings: models ranked per locale pair, glossary, instructions, brand voice, chunking… (docs/engines.md). Never put secrets here."
          : parsed.error}
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
