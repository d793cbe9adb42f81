import { History, RefreshCw, RotateCw, Send } from "lucide-react";
import { EmptyState } from "../../components/EmptyState";
import { api } from "../../api/endpoints";
import type { Delivery, Webhook } from "../../api/types";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useAction } from "../../hooks/useAction";
import { useLoader } from "../../hooks/useLoader";
import { DateTime } from "../../format/DateTime";
import { countOf, WORDS } from "../../format/plural";

const STATUS_BADGE: Record<Delivery["status"], string> = {
  succeeded: "badge badge-active",
  pending: "badge",
  failed: "badge badge-denied",
};

/** One endpoint's deliveries, newest first, each with its request and response, and retry / test buttons. */
export function DeliveryLog({ orgId, webhook }: { orgId: string; webhook: Webhook }) {
  const deliveries = useLoader(() => api.deliveries(orgId, webhook.id), [orgId, webhook.id]);
  const { busy, error, run } = useAction();

  const act = (action: () => Promise<unknown>) =>
    run(async () => {
      await action();
      await deliveries.reload();
    });

  return (
    <section className="section" aria-labelledby="deliveries-title">
      <div className="section-header">
        <h2 id="deliveries-title">Deliveries to {webhook.url}</h2>
        <div className="row-actions">
          <button type="button" disabled={busy} onClick={() => void act(() => api.sendTestEvent(orgId, webhook.id))}>
            <Send size={16} aria-hidden="true" />
            Send test event
          </button>
          <button type="button" disabled={busy} onClick={() => void deliveries.reload()}>
            <RefreshCw size={16} aria-hidden="true" />
            Refresh
          </button>
        </div>
      </div>
      <ErrorNotice message={error ?? deliveries.error} />
      {deliveries.data && deliveries.data.length === 0 && (
        <EmptyState icon={History} title="No deliveries yet.">
          Events are delivered as they happen; Send test event posts one now.
        </EmptyState>
      )}
      {deliveries.data && deliveries.data.length > 0 && (
        <ul className="delivery-list">
          {deliveries.data.map((delivery) => (
            <li key={delivery.id} data-delivery-id={delivery.id}>
              <details>
                <summary>
                  <span className={STATUS_BADGE[delivery.status]}>{delivery.status}</span>{" "}
                  <code>{delivery.eventType}</code> · {countOf(delivery.attempts, WORDS.attempt)}
                  {delivery.response && ` · HTTP ${delivery.response.status}`}
                  {delivery.durationMs !== null && ` · ${delivery.durationMs} ms`} ·{" "}
                  <DateTime iso={delivery.lastAttemptAt ?? delivery.createdAt} />
                </summary>
                {delivery.error && <p className="notice notice-warning">{delivery.error}</p>}
                {delivery.status === "pending" && delivery.nextAttemptAt && (
                  <p className="small">
                    Next attempt: <DateTime iso={delivery.nextAttemptAt} />
                  </p>
                )}
                <h3>Request</h3>
                <pre className="payload">
                  {Object.entries(delivery.request.headers)
                    .map(([name, value]) => `${name}: ${value}`)
                    .join("\n")}
                  {"\n\n"}
                  {delivery.request.body}
                </pre>
                <h3>Response</h3>
                <pre className="payload">
                  {delivery.response ? `HTTP ${delivery.response.status}\n\n${delivery.response.body}` : "No response"}
                </pre>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void act(() => api.retryDelivery(orgId, webhook.id, delivery.id))}
                >
                  <RotateCw size={16} aria-hidden="true" />
                  Retry now
                </button>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
