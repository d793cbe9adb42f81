import { History, Pause, Play, Plus, Trash2, Webhook as WebhookIcon } from "lucide-react";
import { EmptyState } from "../../components/EmptyState";
import { useState } from "react";
import { api } from "../../api/endpoints";
import type { CreatedWebhook, Webhook } from "../../api/types";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useAction } from "../../hooks/useAction";
import { useLoader } from "../../hooks/useLoader";
import { useOrgSession } from "../../session";
import { CreateWebhookDialog } from "./CreateWebhookDialog";
import { DeliveryLog } from "./DeliveryLog";
import { WebhookSecretDialog } from "./WebhookSecretDialog";
import { DateTime } from "../../format/DateTime";

/** Webhook endpoints (docs/webhooks.md): managers add them, pause them, and read each one's delivery log. */
export function WebhooksPage() {
  const { org, canManage } = useOrgSession();
  const webhooks = useLoader(() => (canManage ? api.webhooks(org.id) : Promise.resolve([])), [org.id, canManage]);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const selected = webhooks.data?.find((webhook) => webhook.id === selectedId) ?? null;

  if (!canManage)
    return (
      <section aria-labelledby="webhooks-title">
        <h1 id="webhooks-title">Webhooks</h1>
        <p className="notice">Webhooks are managed by members with the org:manage_team permission.</p>
      </section>
    );

  const toggle = (webhook: Webhook) =>
    run(async () => {
      await api.updateWebhook(org.id, webhook.id, { enabled: !webhook.enabled });
      await webhooks.reload();
    });

  return (
    <section aria-labelledby="webhooks-title">
      <div className="page-header">
        <h1 id="webhooks-title">Webhooks</h1>
        <button type="button" className="primary" onClick={() => setCreating(true)}>
          <Plus size={16} aria-hidden="true" />
          Add endpoint
        </button>
      </div>
      <p className="lead">
        Glossa posts signed events (keys, members, grants, engines, plan) to these URLs, retrying failed deliveries for
        more than a day.
      </p>
      <ErrorNotice message={error ?? webhooks.error} />
      {webhooks.data && webhooks.data.length === 0 && (
        <EmptyState
          icon={WebhookIcon}
          title="No endpoints yet."
          action={
            <button type="button" onClick={() => setCreating(true)}>
              <Plus size={16} aria-hidden="true" />
              Add an endpoint
            </button>
          }
        >
          Add the URL of a service that should hear when keys, members, engines or the plan change.
        </EmptyState>
      )}
      {webhooks.data && webhooks.data.length > 0 && (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Webhook endpoints">
          <table className="stack-on-phone">
            <thead>
              <tr>
                <th scope="col">Endpoint</th>
                <th scope="col">Events</th>
                <th scope="col">Status</th>
                <th scope="col" className="actions">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {webhooks.data.map((webhook) => (
                <tr key={webhook.id} data-webhook-url={webhook.url}>
                  <th scope="row">
                    <div className="webhook-url">{webhook.url}</div>
                    {webhook.description && <div className="muted small">{webhook.description}</div>}
                  </th>
                  <td data-label="Events">{webhook.events.length === 0 ? "All events" : webhook.events.join(", ")}</td>
                  <td data-label="Status">
                    {!webhook.enabled ? (
                      <span className="badge">Paused</span>
                    ) : webhook.failingSince ? (
                      <span className="badge badge-denied">
                        Failing since <DateTime iso={webhook.failingSince} />
                      </span>
                    ) : (
                      <span className="badge badge-active">Active</span>
                    )}
                  </td>
                  <td className="actions">
                    <div className="row-actions">
                      <button
                        type="button"
                        onClick={() => setSelectedId(webhook.id)}
                        aria-label={`Deliveries to ${webhook.url}`}
                      >
                        <History size={16} aria-hidden="true" />
                        Deliveries
                      </button>
                      <button type="button" disabled={busy} onClick={() => void toggle(webhook)}>
                        {webhook.enabled ? (
                          <Pause size={16} aria-hidden="true" />
                        ) : (
                          <Play size={16} aria-hidden="true" />
                        )}
                        {webhook.enabled ? "Pause" : "Resume"}
                      </button>
                      <button type="button" className="danger" onClick={() => setDeleting(webhook)}>
                        <Trash2 size={16} aria-hidden="true" />
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {selected && <DeliveryLog key={selected.id} orgId={org.id} webhook={selected} />}

      <CreateWebhookDialog
        open={creating}
        orgId={org.id}
        onClose={() => setCreating(false)}
        onCreated={(result) => {
          setCreating(false);
          setCreated(result);
          setSelectedId(result.webhook.id);
          void webhooks.reload();
        }}
      />
      <WebhookSecretDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete webhook endpoint"
        confirmLabel="Delete endpoint"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await api.deleteWebhook(org.id, deleting.id);
          if (selectedId === deleting.id) setSelectedId(null);
          await webhooks.reload();
        }}
      >
        <p>
          Delete the endpoint <strong>{deleting?.url}</strong> and its delivery log? Pending deliveries to it are
          dropped.
        </p>
      </ConfirmDialog>
    </section>
  );
}
