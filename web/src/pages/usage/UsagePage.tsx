import { BarChart3, Download, KeyRound } from "lucide-react";
import { AppLink } from "../../components/AppLink";
import { EmptyState } from "../../components/EmptyState";
import { orgPath } from "../../routes";
import { useState } from "react";
import { api } from "../../api/endpoints";
import { PROTOCOL_LABELS } from "../../../../src/contract/protocols";
import type { UsageReport } from "../../api/types";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useLoader } from "../../hooks/useLoader";
import { useOrgSession } from "../../session";
import { QualityTable } from "./QualityTable";
import { UsageChart, type ChartRow } from "./UsageChart";
import { RANGE_DAYS, daysOf, errorTotal, formatCount, lastDays } from "./usageRange";

type Row = UsageReport["rows"][number];

/** What the translation memory did: exact hits / near matches used / misses (docs/usage-and-limits.md). */
function memoryFigures(counts: Pick<Row, "memoryHits" | "nearMatches" | "memoryMisses"> | undefined): string {
  return [counts?.memoryHits, counts?.nearMatches, counts?.memoryMisses].map((n) => formatCount(n ?? 0)).join(" / ");
}

const MEMORY_HEADER = "Memory exact / near / missed";

/** The API the calls came through (docs/usage-and-limits.md, docs/compatible-apis.md). */

function chartRow(label: string, row: Row | undefined): ChartRow {
  return {
    label,
    requests: row?.requests ?? 0,
    characters: row?.characters ?? 0,
    errors: row ? errorTotal(row.errors) : 0,
  };
}

/** The empty period: calls come from API keys, so the next step is a key. */
function NoCalls() {
  const { org } = useOrgSession();
  return (
    <EmptyState
      icon={BarChart3}
      title="No calls in this period."
      action={
        <AppLink className="button" href={orgPath(org.id, "keys")}>
          <KeyRound size={16} aria-hidden="true" />
          Get an API key
        </AppLink>
      }
    >
      Calls made with this organization's API keys are counted here within seconds.
    </EmptyState>
  );
}

function UsageTable({
  caption,
  rows,
  nameHeader,
}: {
  caption: string;
  rows: (ChartRow & { row?: Row })[];
  nameHeader: string;
}) {
  if (rows.length === 0) return <NoCalls />;
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="stack-on-phone">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{nameHeader}</th>
            <th scope="col">Requests</th>
            <th scope="col">Characters</th>
            <th scope="col">Tokens in / out</th>
            <th
              scope="col"
              title="Strings served from the translation memory / translated with near matches as examples / missed"
            >
              {MEMORY_HEADER}
            </th>
            <th scope="col">Errors</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ label, row, requests, characters, errors }) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td data-label="Requests">{formatCount(requests)}</td>
              <td data-label="Characters">{formatCount(characters)}</td>
              <td data-label="Tokens in / out">
                {formatCount(row?.inputTokens ?? 0)} / {formatCount(row?.outputTokens ?? 0)}
              </td>
              <td data-label={MEMORY_HEADER}>{memoryFigures(row)}</td>
              <td
                data-label="Errors"
                title={
                  row
                    ? Object.entries(row.errors)
                        .map(([code, n]) => `${code}: ${n}`)
                        .join(", ")
                    : ""
                }
              >
                {formatCount(errors)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Usage of the organization's keys by day, key and engine (docs/usage-and-limits.md); members see their own keys. */
export function UsagePage() {
  const { org, canManage } = useOrgSession();
  const [days, setDays] = useState<number>(30);
  const range = lastDays(days);
  const reports = useLoader(async () => {
    const [byDay, byKey, byEngine, byProtocol, quality, personal, service, engines] = await Promise.all([
      api.usage(org.id, range, "day"),
      api.usage(org.id, range, "key"),
      api.usage(org.id, range, "engine"),
      api.usage(org.id, range, "protocol"),
      api.quality(org.id, range),
      // Names for the key chart: the most recent 500 keys of each kind (older ones show their id).
      api.keys(org.id, "personal", { limit: 500 }).then((list) => list.keys),
      canManage && org.rbacOn
        ? api.keys(org.id, "service", { limit: 500 }).then((list) => list.keys)
        : Promise.resolve([]),
      api.engines(org.id),
    ]);
    return { byDay, byKey, byEngine, byProtocol, quality, keys: [...personal, ...service], engines };
  }, [org.id, days, canManage, org.rbacOn]);

  const data = reports.data;
  const keyName = (keyId: string) => data?.keys.find((key) => key.id === keyId)?.name ?? `${keyId} (deleted)`;
  const engineName = (engineId: string | null) =>
    engineId === null
      ? "No engine (whoami, recognize, unknown engine)"
      : (data?.engines.find((e) => e.id === engineId)?.name ?? engineId);

  const dayRows = data
    ? daysOf(data.byDay).map((day) => {
        const row = data.byDay.rows.find((candidate) => candidate.day === day);
        return { ...chartRow(day, row), row };
      })
    : [];
  const keyRows = (data?.byKey.rows ?? []).map((row) => ({ ...chartRow(keyName(row.keyId ?? ""), row), row }));
  const engineRows = (data?.byEngine.rows ?? []).map((row) => ({
    ...chartRow(engineName(row.engineId ?? null), row),
    row,
  }));
  const protocolRows = (data?.byProtocol.rows ?? []).map((row) => ({
    ...chartRow(PROTOCOL_LABELS[row.protocol ?? "glossa"], row),
    row,
  }));
  const totals = data?.byDay.totals;

  return (
    <>
      <div className="page-header">
        <h1>Usage</h1>
      </div>
      <p className="lead">
        {canManage ? "Calls made with every key of the organization" : "Calls made with your personal keys"}, counted
        per UTC day; the latest few seconds may not be counted yet.
      </p>
      <form className="filters" onSubmit={(event) => event.preventDefault()} aria-label="Usage period">
        <div className="field">
          <label htmlFor="usage-range">Period</label>
          <select id="usage-range" value={days} onChange={(event) => setDays(Number(event.target.value))}>
            {RANGE_DAYS.map((candidate) => (
              <option key={candidate} value={candidate}>
                Last {candidate} days
              </option>
            ))}
          </select>
        </div>
        <div className="form-actions">
          <a className="button" href={api.usageCsvUrl(org.id, range, "key")} download>
            <Download size={16} aria-hidden="true" />
            Download CSV (per key)
          </a>
          <a className="button" href={api.usageCsvUrl(org.id, range, "day")} download>
            <Download size={16} aria-hidden="true" />
            Download CSV (per day)
          </a>
        </div>
      </form>
      <ErrorNotice message={reports.error} />
      {!data && !reports.error && <p aria-busy="true">Loading…</p>}
      {data && totals && (
        <>
          <section className="card" aria-labelledby="usage-totals">
            <h2 id="usage-totals">
              {data.byDay.from} to {data.byDay.to}
            </h2>
            <dl className="facts usage-totals">
              <dt>Requests</dt>
              <dd data-testid="usage-total-requests">{formatCount(totals.requests)}</dd>
              <dt>Characters</dt>
              <dd data-testid="usage-total-characters">{formatCount(totals.characters)}</dd>
              <dt>Tokens in / out</dt>
              <dd>
                {formatCount(totals.inputTokens)} / {formatCount(totals.outputTokens)}
              </dd>
              <dt>{MEMORY_HEADER}</dt>
              <dd data-testid="usage-total-memory">{memoryFigures(totals)}</dd>
              <dt>Errors</dt>
              <dd>{formatCount(errorTotal(totals.errors))}</dd>
            </dl>
          </section>
          {totals.requests === 0 ? (
            <div className="section">
              <NoCalls />
            </div>
          ) : (
            <>
              <section className="section" aria-labelledby="usage-by-day">
                <h2 id="usage-by-day">By day</h2>
                <UsageChart title="Requests, errors and characters by day" rows={dayRows} />
                <UsageTable caption="Usage by day" nameHeader="Day" rows={dayRows.filter((row) => row.requests > 0)} />
              </section>
              <section className="section" aria-labelledby="usage-by-key">
                <h2 id="usage-by-key">By key</h2>
                {keyRows.length > 0 && <UsageChart title="Requests, errors and characters by key" rows={keyRows} />}
                <UsageTable caption="Usage by key" nameHeader="Key" rows={keyRows} />
              </section>
              <section className="section" aria-labelledby="usage-by-engine">
                <h2 id="usage-by-engine">By engine</h2>
                {engineRows.length > 0 && (
                  <UsageChart title="Requests, errors and characters by engine" rows={engineRows} />
                )}
                <UsageTable caption="Usage by engine" nameHeader="Engine" rows={engineRows} />
              </section>
              <section className="section" aria-labelledby="usage-by-protocol">
                <h2 id="usage-by-protocol">By API</h2>
                <p className="hint">
                  Which API the tools call through: Glossa's own, MCP, DeepL's or LibreTranslate's.
                </p>
                <UsageTable caption="Usage by API" nameHeader="API" rows={protocolRows} />
              </section>
              <section className="section" aria-labelledby="usage-quality">
                <h2 id="usage-quality">Quality findings</h2>
                <p className="hint">
                  What the quality checks found in the translations answered, per engine and target locale: an error
                  breaks or mis-renders the string in a program, a warning is something a reader will notice.
                </p>
                <QualityTable report={data.quality} engineName={engineName} />
              </section>
            </>
          )}
        </>
      )}
    </>
  );
}
