import { useState, type FormEvent } from "react";
import { api } from "../../api/endpoints";
import type { Engine, LocalizeResult } from "../../api/types";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useAction } from "../../hooks/useAction";
import { parseJsonObject } from "./parseJsonObject";

const SAMPLE = JSON.stringify({ greeting: "Hello, world!", cta: { label: "Sign up" } }, null, 2);

/** Runs a localize call on one engine with your session: you reach what your personal key would. */
export function TryEnginePanel({ orgId, engines }: { orgId: string; engines: Engine[] }) {
  const [engineId, setEngineId] = useState(engines.find((engine) => engine.isDefault)?.id ?? engines[0]?.id ?? "");
  const [sourceLocale, setSourceLocale] = useState("en");
  const [targetLocale, setTargetLocale] = useState("de");
  const [dataText, setDataText] = useState(SAMPLE);
  const [result, setResult] = useState<LocalizeResult | null>(null);
  const { busy, error, setError, run } = useAction();
  const selectedId = engines.some((engine) => engine.id === engineId) ? engineId : (engines[0]?.id ?? "");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseJsonObject(dataText, "The content");
    if (!parsed.ok) return setError(parsed.error);
    setResult(null);
    await run(async () => {
      setResult(await api.tryEngine(orgId, selectedId, { sourceLocale, targetLocale, data: parsed.value }));
    });
  };

  return (
    <section aria-labelledby="try-title" className="section card">
      <h2 id="try-title">Try it</h2>
      {engines.length === 0 ? (
        <p className="muted">Create an engine first.</p>
      ) : (
        <form onSubmit={submit} noValidate className="try-form">
          <div className="field-row">
            <div className="field">
              <label htmlFor="try-engine">Engine</label>
              <select id="try-engine" value={selectedId} onChange={(event) => setEngineId(event.target.value)}>
                {engines.map((engine) => (
                  <option key={engine.id} value={engine.id}>
                    {engine.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="try-source">Source locale</label>
              <input
                id="try-source"
                value={sourceLocale}
                onChange={(event) => setSourceLocale(event.target.value)}
                required
              />
            </div>
            <div className="field">
              <label htmlFor="try-target">Target locale</label>
              <input
                id="try-target"
                value={targetLocale}
                onChange={(event) => setTargetLocale(event.target.value)}
                required
              />
            </div>
          </div>
          <label htmlFor="try-data">Content (JSON object)</label>
          <textarea
            id="try-data"
            rows={6}
            spellCheck={false}
            className="code-input"
            value={dataText}
            onChange={(event) => setDataText(event.target.value)}
          />
          <button type="submit" className="primary" disabled={busy || !selectedId}>
            {busy ? "Localizing…" : "Localize"}
          </button>
          <ErrorNotice message={error} />
        </form>
      )}
      {result && (
        <div className="try-result" aria-live="polite">
          <h3>
            Result ({result.sourceLocale} → {result.targetLocale})
          </h3>
          <pre className="code-output" data-testid="try-output" tabIndex={0}>
            {JSON.stringify(result.data, null, 2)}
          </pre>
          {(result.model || result.usage) && (
            <p className="muted small">
              {result.model && <>Model {result.model}. </>}
              {result.usage && (
                <>
                  Tokens: {result.usage.inputTokens} in, {result.usage.outputTokens} out.
                </>
              )}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
