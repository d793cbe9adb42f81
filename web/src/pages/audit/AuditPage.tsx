import { Download, ScrollText } from "lucide-react";
import { EmptyState } from "../../components/EmptyState";
import { Fragment, useState } from "react";
import { api } from "../../api/endpoints";
import { errorMessage } from "../../api/http";
import type { AuditEvent } from "../../api/types";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useLoader } from "../../hooks/useLoader";
import { useOrgSession } from "../../session";
import { AUDIT_ACTIONS, auditRange, auditSummary } from "./auditText";
import { DateTime } from "../../format/DateTime";

export const AUDIT_PAGE_SIZE = 50;

/** The organization's audit log, filterable by action and actor, newest first, older pages on demand. */
export function AuditPage() {
  const { org, roles } = useOrgSession();
  const [action, setAction] = useState("");
  const [actorId, setActorId] = useState("");
  const [targetId, setTargetId] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const filter = { action, actorId, targetId, ...auditRange(from, to) };
  const filterKey = JSON.stringify(filter);
  const members = useLoader(() => api.members(org.id), [org.id]);
  const engines = useLoader(() => api.engines(org.id), [org.id]);
  const [older, setOlder] = useState<{ events: AuditEvent[]; more: boolean; error: string | null }>({
    events: [],
    more: true,
    error: null,
  });
  const events = useLoader(async () => {
    setOlder({ events: [], more: true, error: null });
    return api.audit(org.id, { ...filter, limit: AUDIT_PAGE_SIZE });
  }, [org.id, filterKey]);
  const shown = [...(events.data ?? []), ...older.events];
  const hasMore = (events.data?.length ?? 0) === AUDIT_PAGE_SIZE && older.more;

  const loadOlder = async () => {
    const last = shown[shown.length - 1];
    if (!last) return;
    try {
      // Times on the wire have millisecond precision, the database's finer: ask from one
      // millisecond later and drop what is already shown, so events sharing a millisecond are not skipped.
      const before = new Date(new Date(last.createdAt).getTime() + 1).toISOString();
      const page = await api.audit(org.id, { ...filter, before, limit: AUDIT_PAGE_SIZE });
      const seen = new Set(shown.map((event) => event.id));
      const fresh = page.filter((event) => !seen.has(event.id));
      setOlder({
        events: [...older.events, ...fresh],
        more: page.length === AUDIT_PAGE_SIZE && fresh.length > 0,
        error: null,
      });
    } catch (caught) {
      setOlder({ ...older, error: errorMessage(caught) });
    }
  };

  return (
    <>
      <div className="page-header">
        <h1>Audit log</h1>
      </div>
      <form className="filters" onSubmit={(event) => event.preventDefault()} aria-label="Filter the audit log">
        <div className="field">
          <label htmlFor="audit-action">Action</label>
          <select id="audit-action" value={action} onChange={(event) => setAction(event.target.value)}>
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((candidate) => (
              <option key={candidate} value={candidate}>
                {candidate}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-actor">Actor</label>
          <select id="audit-actor" value={actorId} onChange={(event) => setActorId(event.target.value)}>
            <option value="">Anyone</option>
            {(members.data ?? []).map((member) => (
              <option key={member.userId} value={member.userId}>
                {member.email}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-target">Target</label>
          <select id="audit-target" value={targetId} onChange={(event) => setTargetId(event.target.value)}>
            <option value="">Anything</option>
            <optgroup label="Members">
              {(members.data ?? []).map((member) => (
                <option key={member.userId} value={member.userId}>
                  {member.name || member.email}
                </option>
              ))}
            </optgroup>
            <optgroup label="Engines">
              {(engines.data ?? []).map((engine) => (
                <option key={engine.id} value={engine.id}>
                  {engine.name}
                </option>
              ))}
            </optgroup>
            <optgroup label="Roles">
              {roles.map((role) => (
                <option key={role.id} value={role.id}>
                  {role.name}
                </option>
              ))}
            </optgroup>
            <option value={org.id}>This organization</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-from">From</label>
          <input
            id="audit-from"
            type="date"
            value={from}
            max={to || undefined}
            onChange={(event) => setFrom(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="audit-to">To</label>
          <input
            id="audit-to"
            type="date"
            value={to}
            min={from || undefined}
            onChange={(event) => setTo(event.target.value)}
          />
        </div>
      </form>
      <p className="row-actions">
        <a className="button" href={api.auditExportUrl(org.id, filter)} download>
          <Download size={16} aria-hidden="true" />
          Download CSV
        </a>
        <span className="small muted">(the events matching these filters, up to 10,000)</span>
      </p>
      <ErrorNotice message={events.error ?? older.error} />
      {events.data && shown.length === 0 && (
        <EmptyState
          icon={ScrollText}
          title="No events match."
          action={
            filterKey !== JSON.stringify({ action: "", actorId: "", targetId: "", ...auditRange("", "") }) && (
              <button
                type="button"
                onClick={() => {
                  setAction("");
                  setActorId("");
                  setTargetId("");
                  setFrom("");
                  setTo("");
                }}
              >
                Clear the filters
              </button>
            )
          }
        >
          Changes to keys, members, roles, engines, webhooks and the plan are recorded here as they happen.
        </EmptyState>
      )}
      {events.data && shown.length > 0 && (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Audit events">
          <table className="stack-on-phone">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Action</th>
                <th scope="col">Actor</th>
                <th scope="col">Target</th>
                <th scope="col">Details</th>
                <th scope="col">Client address</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((event) => (
                <tr key={event.id}>
                  <td data-label="Time">
                    <DateTime iso={event.createdAt} />
                  </td>
                  <td data-label="Action">
                    <code>
                      {event.action.split(".").map((part, index) => (
                        <Fragment key={index}>
                          {index > 0 && (
                            <>
                              .<wbr />
                            </>
                          )}
                          {part}
                        </Fragment>
                      ))}
                    </code>
                  </td>
                  <td className="wrap-anywhere" data-label="Actor">
                    {event.actor.email ?? event.actor.id ?? "system"}
                  </td>
                  <td className="small wrap-anywhere" data-label="Target">
                    {event.target.type} <strong>{event.target.name ?? event.target.id}</strong>
                    {event.target.name && (
                      <>
                        {" "}
                        <code className="muted">{event.target.id}</code>
                      </>
                    )}
                  </td>
                  <td className="small wrap-anywhere" data-label="Details">
                    {auditSummary(event)}
                  </td>
                  <td className="small" data-label="Client address">
                    {event.clientAddress ?? "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hasMore && (
        <p>
          <button type="button" onClick={() => void loadOlder()}>
            Show older events
          </button>
        </p>
      )}
    </>
  );
}
