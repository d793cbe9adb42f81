import { Fragment, useRef, useState, type FormEvent } from "react";
import { api } from "../../api/endpoints";
import type { CredentialField, Engine, EngineBody, ProviderInfo } from "../../api/types";
import { Dialog } from "../../components/Dialog";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useAction } from "../../hooks/useAction";
import { ChunkingEditor, chunkingError, type Chunking } from "./ChunkingEditor";
import { GlossaryEditor, glossaryRowErrors } from "./GlossaryEditor";
import { LocaleTextEditor, type LocaleTextRow } from "./LocaleTextEditor";
import { ModelsEditor, type ModelRow } from "./ModelsEditor";
import { ProviderFields, providerFieldError, providerOwnFields } from "./ProviderFields";
import type { GlossaryRow } from "./glossaryCsv";
import { parseJsonObject } from "./parseJsonObject";

interface EngineDialogProps {
  orgId: string;
  /** What the server says about each provider (`GET /api/providers`). */
  providers: ProviderInfo[];
  /** Why the provider list could not be loaded; null while it loads or once it has. */
  providersError: string | null;
  /** false when the server has no GLOSSA_SECRET_KEY: the credential inputs say so before anyone types. */
  credentialsStorable: boolean;
  /** null: closed; "new": create; an engine: edit it. */
  editing: Engine | "new" | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Create or edit an engine. Provider settings are a JSON object edited as text (the provider's
 * example shows as its placeholder on create, never as a value: nothing the user did not add is
 * saved), so settings a provider adds later work without a new form.
 * Credentials are write-only: one password input per field the provider takes, sent only when
 * typed, never shown.
 */
export function EngineDialog({
  orgId,
  providers,
  providersError,
  credentialsStorable,
  editing,
  onClose,
  onSaved,
}: EngineDialogProps) {
  const waiting = editing === "new" && providers.length === 0;
  return (
    <Dialog
      open={editing !== null}
      title={editing === "new" ? "Create an engine" : editing ? `Edit engine “${editing.name}”` : "Engine"}
      onClose={onClose}
      className="wide-dialog"
    >
      {/* A new engine starts with the first provider, so its form waits for the provider list. */}
      {waiting &&
        (providersError ? (
          <ErrorNotice message={providersError} />
        ) : (
          <p className="muted" role="status">
            Loading the providers…
          </p>
        ))}
      {editing !== null && !waiting && (
        <EngineForm
          orgId={orgId}
          providers={providers}
          credentialsStorable={credentialsStorable}
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
  credentialsStorable,
  engine,
  onClose,
  onSaved,
}: {
  orgId: string;
  providers: ProviderInfo[];
  credentialsStorable: boolean;
  engine: Engine | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const describe = (name: string) => providers.find((provider) => provider.name === name);
  const exampleConfigText = (name: string) => JSON.stringify(describe(name)?.exampleConfig ?? {}, null, 2);
  const initialProvider = engine?.provider ?? providers[0]?.name ?? "";
  const [name, setName] = useState(engine?.name ?? "");
  const [provider, setProvider] = useState(initialProvider);
  // On create the textarea starts empty, with the provider's example as its placeholder.
  // The price has its own fields; the JSON text holds every other setting.
  const [configText, setConfigText] = useState(engine ? JSON.stringify(withoutPrice(engine.config), null, 2) : "");
  const storedPrice = priceOf(engine?.config);
  const [priceText, setPriceText] = useState(storedPrice ? String(storedPrice.usdPerMillion) : "");
  const [priceUnit, setPriceUnit] = useState<PriceUnit>(storedPrice?.unit ?? "characters");
  const [isDefault, setIsDefault] = useState(engine?.isDefault ?? false);
  // Secrets stay in the (uncontrolled) inputs only: no React state, no value attribute.
  const secretInputs = useRef(new Map<string, HTMLInputElement>());
  const [secretTyped, setSecretTyped] = useState(false);
  const [removeCredentials, setRemoveCredentials] = useState(false);
  const { busy, error, setError, run } = useAction();
  const parsed = parseJsonObject(configText, "The configuration");
  const providerNames = providers.map((choice) => choice.name);
  const providerChoices =
    engine && !providerNames.includes(engine.provider) ? [engine.provider, ...providerNames] : providerNames;
  const fields = describe(provider)?.credentials ?? [];
  const providerChanged = engine !== null && provider !== engine.provider;
  const storedCredentials = engine?.hasCredentials === true && !providerChanged;
  const free = describe(provider)?.free ?? false;
  // The glossary table is a view of the configuration's `glossary`: the JSON stays the one source.
  const glossary: GlossaryRow[] | null = parsed.ok
    ? Array.isArray(parsed.value.glossary)
      ? (parsed.value.glossary as GlossaryRow[])
      : []
    : null;
  /** Sets one list of the configuration (removed when empty) and rewrites the JSON. */
  const setList = (key: string, rows: readonly object[]) => {
    if (!parsed.ok) return;
    const { [key]: _old, ...rest } = parsed.value;
    setConfigText(JSON.stringify(rows.length > 0 ? { ...rest, [key]: rows } : rest, null, 2));
  };
  const setGlossary = (rows: GlossaryRow[]) => setList("glossary", rows);
  const listOf = <Row,>(key: string): Row[] =>
    parsed.ok && Array.isArray(parsed.value[key]) ? (parsed.value[key] as Row[]) : [];
  const models = listOf<ModelRow>("models");
  const instructions = listOf<LocaleTextRow>("instructions");
  const brandVoice = listOf<LocaleTextRow>("brandVoice");
  const chunking: Chunking =
    parsed.ok && typeof parsed.value.chunking === "object" && parsed.value.chunking !== null
      ? (parsed.value.chunking as Chunking)
      : {};
  const setChunking = (next: Chunking) => {
    if (!parsed.ok) return;
    const { chunking: _old, ...rest } = parsed.value;
    setConfigText(JSON.stringify(Object.keys(next).length > 0 ? { ...rest, chunking: next } : rest, null, 2));
  };
  const setField = (key: string, value: unknown) => {
    if (!parsed.ok) return;
    const { [key]: _old, ...rest } = parsed.value;
    setConfigText(JSON.stringify(value === undefined ? rest : { ...rest, [key]: value }, null, 2));
  };
  const configSchema = describe(provider)?.configSchema;
  const providerFieldsWrong =
    parsed.ok &&
    providerOwnFields(configSchema).some(([key, schema]) => providerFieldError(schema, parsed.value[key]) !== null);
  const incomplete =
    providerFieldsWrong ||
    models.some((row) => !row.model?.trim()) ||
    [...instructions, ...brandVoice].some((row) => !row.text?.trim()) ||
    (["maxItems", "maxWords", "concurrency"] as const).some((key) => chunkingError(key, chunking[key]) !== null);

  const chooseProvider = (next: string) => {
    setProvider(next);
    setSecretTyped(false);
    setRemoveCredentials(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError("The engine needs a name.");
    if (!parsed.ok) return setError(parsed.error);
    const price = priceText.trim() === "" ? null : Number(priceText);
    if (price !== null && !(Number.isFinite(price) && price >= 0))
      return setError("The price must be a number of US dollars, 0 or more.");
    if (glossary?.some((row) => Object.keys(glossaryRowErrors(row)).length > 0))
      return setError("The glossary is not complete: see the fields marked in it.");
    if (incomplete) return setError("Some settings are not complete: see the fields marked above.");
    await run(async () => {
      const config = {
        ...withoutPrice(parsed.value),
        ...(price !== null && !free ? { price: { usdPerMillion: price, unit: priceUnit } } : {}),
      };
      const body: EngineBody = { name: name.trim(), provider, config, isDefault };
      const typed = removeCredentials ? [] : typedSecrets(fields, secretInputs.current);
      if (typed.length > 0) body.credentials = Object.fromEntries(typed);
      else if (storedCredentials && removeCredentials) body.credentials = null;
      if (engine) await api.updateEngine(orgId, engine.id, body);
      else await api.createEngine(orgId, { ...body, name: name.trim(), provider });
      for (const input of secretInputs.current.values()) input.value = "";
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
      {fields.length > 0 && (
        <fieldset className="checklist credentials">
          <legend>Credentials</legend>
          {!credentialsStorable && (
            <p className="notice notice-warning" role="note" data-testid="credentials-unavailable">
              This server cannot store credentials: it was started without <code>GLOSSA_SECRET_KEY</code>. Ask its
              operator to set one; until then {provider} engines cannot be given a key.
            </p>
          )}
          {storedCredentials && (
            <p className="small" data-testid="credentials-state">
              <span className="badge badge-active">Credentials stored</span> They are never shown back.
            </p>
          )}
          {fields.map((field) => (
            <Fragment key={`${provider}/${field.name}`}>
              <label htmlFor={`engine-secret-${field.name}`}>{field.label}</label>
              <input
                id={`engine-secret-${field.name}`}
                ref={(input) => {
                  if (input) secretInputs.current.set(field.name, input);
                  else secretInputs.current.delete(field.name);
                }}
                type="password"
                // Not a sign-in password: no password generation or autofill (password managers may still offer to save).
                autoComplete="off"
                data-1p-ignore=""
                data-lpignore="true"
                spellCheck={false}
                maxLength={4000}
                disabled={removeCredentials || !credentialsStorable}
                onChange={() => setSecretTyped(typedSecrets(fields, secretInputs.current).length > 0)}
                aria-describedby={`engine-secret-${field.name}-hint`}
              />
              <p className="hint" id={`engine-secret-${field.name}-hint`}>
                {storedCredentials
                  ? `Leave empty to keep the stored ${field.label.toLowerCase()}; type a new one to replace it.`
                  : field.required
                    ? `Needed to translate with ${provider}. Stored encrypted and never shown back.`
                    : `${field.description ?? "Optional."} Stored encrypted and never shown back.`}
              </p>
            </Fragment>
          ))}
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
      <fieldset className="checklist price">
        <legend>Price, for cost estimates</legend>
        {free ? (
          <p className="hint">{provider} costs nothing to run: its estimates are always 0.</p>
        ) : (
          <>
            <label htmlFor="engine-price">US dollars per million</label>
            <input
              id="engine-price"
              inputMode="decimal"
              value={priceText}
              onChange={(event) => setPriceText(event.target.value)}
              aria-describedby="engine-price-hint"
            />
            <label htmlFor="engine-price-unit">Counted in</label>
            <select
              id="engine-price-unit"
              value={priceUnit}
              onChange={(event) => setPriceUnit(event.target.value as PriceUnit)}
            >
              <option value="characters">characters (machine translation)</option>
              <option value="tokens">tokens (LLM)</option>
            </select>
            <p className="hint" id="engine-price-hint">
              What <code>POST /process/estimate</code> (Lingo.dev <code>run --estimate</code>) prices with; empty means
              0. Your provider&apos;s list price, e.g. 25 per million characters.
            </p>
          </>
        )}
      </fieldset>
      {glossary ? (
        <>
          {parsed.ok && (
            <ProviderFields provider={provider} configSchema={configSchema} config={parsed.value} onChange={setField} />
          )}
          <GlossaryEditor rows={glossary} onChange={setGlossary} />
          <ModelsEditor rows={models} onChange={(rows) => setList("models", rows)} />
          <LocaleTextEditor
            legend="Instructions"
            hint="What the model should know, per target locale (e.g. formal German)."
            idPrefix="instructions"
            rows={instructions}
            onChange={(rows) => setList("instructions", rows)}
          />
          <LocaleTextEditor
            legend="Brand voice"
            hint="How your product speaks, per target locale."
            idPrefix="brand-voice"
            rows={brandVoice}
            onChange={(rows) => setList("brandVoice", rows)}
          />
          <ChunkingEditor value={chunking} onChange={setChunking} />
        </>
      ) : (
        <p className="hint">Fix the configuration below to edit the glossary, models, instructions and brand voice.</p>
      )}
      <label htmlFor="engine-config">Configuration (JSON object)</label>
      <textarea
        id="engine-config"
        rows={8}
        spellCheck={false}
        className="code-input"
        value={configText}
        placeholder={engine ? undefined : `Example:\n${exampleConfigText(provider)}`}
        onChange={(event) => setConfigText(event.target.value)}
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

type PriceUnit = "characters" | "tokens";

function priceOf(config: Record<string, unknown> | undefined): { usdPerMillion: number; unit: PriceUnit } | null {
  const price = config?.price as { usdPerMillion?: unknown; unit?: unknown } | undefined;
  if (!price || typeof price.usdPerMillion !== "number") return null;
  return { usdPerMillion: price.usdPerMillion, unit: price.unit === "tokens" ? "tokens" : "characters" };
}

function withoutPrice(config: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(config).filter(([key]) => key !== "price"));
}

/** The credential fields typed into, as [name, value] pairs. */
function typedSecrets(fields: CredentialField[], inputs: ReadonlyMap<string, HTMLInputElement>): [string, string][] {
  return fields.flatMap((field): [string, string][] => {
    const value = inputs.get(field.name)?.value ?? "";
    return value === "" ? [] : [[field.name, value]];
  });
}
