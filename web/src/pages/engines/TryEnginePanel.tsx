import { useState, type FormEvent } from "react";
import { api } from "../../api/endpoints";
import { offeredPairs } from "../../../../src/core/engines/offered-pairs";
import type { Engine, LocalizeResult, ProviderInfo } from "../../api/types";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useAction } from "../../hooks/useAction";
import { parseJsonObject } from "./parseJsonObject";
import { TryFindings } from "./TryFindings";

const SAMPLE = JSON.stringify({ greeting: "Hello, world!", cta: { label: "Sign up" } }, null, 2);

const pairKey = (pair: { sourceLocale: string; targetLocale: string }) => `${pair.sourceLocale}→${pair.targetLocale}`;

/**
 * Runs a localize call on one engine with your session: you reach what your personal key would.
 * The locales start at a pair the engine's provider supports (`providers` from GET /api/providers),
 * and the supported pairs are offered first; other locales can still be typed.
 */
export function TryEnginePanel({
  orgId,
  engines,
  providers = [],
}: {
  orgId: string;
  engines: Engine[];
  providers?: ProviderInfo[];
}) {
  const [engineId, setEngineId] = useState(engines.find((engine) => engine.isDefault)?.id ?? engines[0]?.id ?? "");
  /** Locales the user chose, for the engine they chose them for; another engine starts at its own first pair. */
  const [chosen, setChosen] = useState<{ engineId: string; sourceLocale: string; targetLocale: string } | null>(null);
  const [dataText, setDataText] = useState(SAMPLE);
  const [result, setResult] = useState<LocalizeResult | null>(null);
  const { busy, error, setError, run } = useAction();
  const selectedId = engines.some((engine) => engine.id === engineId) ? engineId : (engines[0]?.id ?? "");
  const provider = providers.find(
    (known) => known.name === engines.find((engine) => engine.id === selectedId)?.provider,
  );
  const offered = provider ? offeredPairs(provider.supportedPairs) : [];
  const fallback = offered[0] ?? { sourceLocale: "en", targetLocale: "de" };
  const current = chosen?.engineId === selectedId ? chosen : { engineId: selectedId, ...fallback };
  const { sourceLocale, targetLocale } = current;
  const setSourceLocale = (value: string) => setChosen({ ...current, sourceLocale: value });
  const setTargetLocale = (value: string) => setChosen({ ...current, targetLocale: value });
  const offeredKey = offered.some((pair) => pairKey(pair) === pairKey(current)) ? pairKey(current) : "";

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
            {provider && provider.supportedPairs.kind !== "any" && (
              <div className="field">
                <label htmlFor="try-pair">Supported pair</label>
                <select
                  id="try-pair"
                  value={offeredKey}
                  aria-describedby="try-pair-hint"
                  onChange={(event) => {
                    const pair = offered.find((candidate) => pairKey(candidate) === event.target.value);
                    if (pair) setChosen({ engineId: selectedId, ...pair });
                  }}
                >
                  {offered.length === 0 && <option value="">None installed</option>}
                  {offeredKey === "" && offered.length > 0 && <option value="">Other (typed below)</option>}
                  {offered.map((pair) => (
                    <option key={pairKey(pair)} value={pairKey(pair)}>
                      {pairKey(pair)}
                    </option>
                  ))}
                </select>
                <p id="try-pair-hint" className="small muted">
                  {offered.length === 0
                    ? `This ${provider.name} engine has no language pairs installed on the server.`
                    : `The pairs this ${provider.name} engine can translate; other locales may be refused.`}
                </p>
              </div>
            )}
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
          <div className="try-answer">
            <pre className="code-output" data-testid="try-output" tabIndex={0}>
              {JSON.stringify(result.data, null, 2)}
            </pre>
            <section aria-labelledby="try-findings-title">
              <h4 id="try-findings-title">Quality findings</h4>
              <TryFindings checks={result.checks} />
            </section>
          </div>
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
