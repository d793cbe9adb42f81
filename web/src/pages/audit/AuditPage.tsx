import { useState } from "react";
import { api } from "../../api/endpoints";
import { ErrorNotice } from "../../components/ErrorNotice";
import { formatDate } from "../../components/format";
import { useLoader } from "../../hooks/useLoader";
import { useOrgSession } from "../../session";
import { AUDIT_ACTIONS, auditSummary } from "./auditText";

/** The organization's audit log, filterable by action and actor. */
export function AuditPage() {
  const { org } = useOrgSession();
  const [action, setAction] = useState("");
  const [actorId, setActorId] = useState("");
  const members = useLoader(() => api.members(org.id), [org.id]);
  const events = useLoader(() => api.audit(org.id, { action, actorId }), [org.id, action, actorId]);

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
      </form>
      <ErrorNotice message={events.error} />
      {events.data && events.data.length === 0 && <p className="empty">No events match.</p>}
      {events.data && events.data.length > 0 && (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Audit events">
          <table className="stack-on-phone">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Action</th>
                <th scope="col">Actor</th>
                <th scope="col">Target</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {events.data.map((event) => (
                <tr key={event.id}>
                  <td data-label="Time">{formatDate(event.createdAt)}</td>
                  <td data-label="Action">
                    <code>{event.action}</code>
                  </td>
                  <td data-label="Actor">{event.actor.email ?? event.actor.id ?? "system"}</td>
                  <td className="small" data-label="Target">
                    {event.target.type} <code>{event.target.id}</code>
                  </td>
                  <td className="small" data-label="Details">{auditSummary(event)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
