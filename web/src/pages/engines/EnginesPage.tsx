import { Cpu, Pencil, Plus, Star, Trash2 } from "lucide-react";
import { EmptyState } from "../../components/EmptyState";
import { useState } from "react";
import { api } from "../../api/endpoints";
import { errorMessage } from "../../api/http";
import type { Engine } from "../../api/types";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useLoader } from "../../hooks/useLoader";
import { useOrgSession } from "../../session";
import { EngineDialog } from "./EngineDialog";
import { configSummary } from "./configSummary";
import { TryEnginePanel } from "./TryEnginePanel";
import { EngineExchange } from "./EngineExchange";

/** The organization's engines: create, edit, make default, delete, and try one out. */
export function EnginesPage() {
  const { org, canManage, reloadOrg } = useOrgSession();
  const engines = useLoader(() => api.engines(org.id), [org.id]);
  const providers = useLoader(() => api.providers(), []);
  const [editing, setEditing] = useState<Engine | "new" | null>(null);
  const [deleting, setDeleting] = useState<Engine | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const takesCredentials = (provider: string) =>
    (providers.data?.providers.find((known) => known.name === provider)?.credentials.length ?? 0) > 0;

  const reload = async () => {
    await Promise.all([engines.reload(), reloadOrg()]);
  };
  const makeDefault = async (engine: Engine) => {
    setActionError(null);
    try {
      await api.updateEngine(org.id, engine.id, { isDefault: true });
      await reload();
    } catch (caught) {
      setActionError(errorMessage(caught));
    }
  };

  return (
    <>
      <div className="page-header">
        <h1>Engines</h1>
        {canManage && (
          <button type="button" className="primary" onClick={() => setEditing("new")}>
            <Plus size={16} aria-hidden="true" />
            Create engine
          </button>
        )}
      </div>
      <ErrorNotice message={engines.error ?? actionError} />
      {engines.data && engines.data.length === 0 && (
        <EmptyState
          icon={Cpu}
          title="No engines yet."
          action={
            canManage && (
              <button type="button" onClick={() => setEditing("new")}>
                <Plus size={16} aria-hidden="true" />
                Create an engine
              </button>
            )
          }
        >
          {canManage
            ? "An engine is the translation provider your keys call: an LLM, DeepL, Apertium, or the pseudo engine for testing."
            : "An engine is the translation provider your keys call. Ask a team manager to create one."}
        </EmptyState>
      )}
      {engines.data && engines.data.length > 0 && (
        <ul className="engine-list">
          {engines.data.map((engine) => (
            <li key={engine.id} className="card engine-card" data-engine-name={engine.name}>
              <div className="role-head">
                <h2 className="card-title">{engine.name}</h2>
                {engine.isDefault && <span className="badge badge-active">Default</span>}
              </div>
              <p className="small">
                Provider <strong>{engine.provider}</strong> · <code>{engine.id}</code>
              </p>
              {(engine.hasCredentials || takesCredentials(engine.provider)) && (
                <p className="small" data-testid="engine-credentials">
                  {engine.hasCredentials ? (
                    <span className="badge badge-active">Credentials stored</span>
                  ) : (
                    <span className="badge">No credentials</span>
                  )}
                </p>
              )}
              {configSummary(engine.config) && <p className="small muted">{configSummary(engine.config)}</p>}
              {Object.keys(engine.config).length > 0 && (
                <details>
                  <summary>Configuration</summary>
                  <pre className="code-output">{JSON.stringify(engine.config, null, 2)}</pre>
                </details>
              )}
              <EngineExchange orgId={org.id} engine={engine} canManage={canManage} onGlossaryChanged={reload} />
              {canManage && (
                <div className="row-actions">
                  <button type="button" onClick={() => setEditing(engine)} aria-label={`Edit engine ${engine.name}`}>
                    <Pencil size={16} aria-hidden="true" />
                    Edit
                  </button>
                  {!engine.isDefault && (
                    <button
                      type="button"
                      onClick={() => void makeDefault(engine)}
                      aria-label={`Make default: ${engine.name}`}
                    >
                      <Star size={16} aria-hidden="true" />
                      Make default
                    </button>
                  )}
                  <button
                    type="button"
                    className="danger"
                    onClick={() => setDeleting(engine)}
                    aria-label={`Delete engine ${engine.name}`}
                  >
                    <Trash2 size={16} aria-hidden="true" />
                    Delete
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {engines.data && engines.data.length > 0 && (
        <TryEnginePanel orgId={org.id} engines={engines.data} providers={providers.data?.providers ?? []} />
      )}

      <EngineDialog
        orgId={org.id}
        providers={providers.data?.providers ?? []}
        providersError={providers.error}
        credentialsStorable={providers.data?.credentialsStorable ?? true}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void reload();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete engine"
        confirmLabel="Delete engine"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await api.deleteEngine(org.id, deleting.id);
          await reload();
        }}
      >
        <p>
          Delete the engine <strong>{deleting?.name}</strong>? Grants and key scopes that name it go with it, and
          requests to it fail from now on.
        </p>
      </ConfirmDialog>
    </>
  );
}
