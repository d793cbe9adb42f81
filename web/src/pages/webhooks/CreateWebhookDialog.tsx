import { useState, type FormEvent } from "react";
import { EVENT_TYPES } from "../../../../src/contract/event-types";
import { api } from "../../api/endpoints";
import type { CreatedWebhook, EventType } from "../../api/types";
import { Dialog } from "../../components/Dialog";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useAction } from "../../hooks/useAction";

interface CreateWebhookDialogProps {
  open: boolean;
  orgId: string;
  onClose: () => void;
  onCreated: (created: CreatedWebhook) => void;
}

export function CreateWebhookDialog(props: CreateWebhookDialogProps) {
  return (
    <Dialog open={props.open} title="Add a webhook endpoint" onClose={props.onClose}>
      <CreateWebhookForm {...props} />
    </Dialog>
  );
}

/** URL, description and the event picker: every type, or the ones checked. */
function CreateWebhookForm({ orgId, onClose, onCreated }: CreateWebhookDialogProps) {
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [allEvents, setAllEvents] = useState(true);
  const [events, setEvents] = useState<Set<EventType>>(new Set());
  const { busy, error, setError, run } = useAction();

  const toggle = (type: EventType, checked: boolean) => {
    const next = new Set(events);
    if (checked) next.add(type);
    else next.delete(type);
    setEvents(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^https?:\/\//.test(url.trim())) {
      setError("Enter the endpoint's http:// or https:// URL.");
      return;
    }
    if (!allEvents && events.size === 0) {
      setError("Pick at least one event, or send every event.");
      return;
    }
    await run(async () => {
      onCreated(
        await api.createWebhook(orgId, {
          url: url.trim(),
          events: allEvents ? [] : EVENT_TYPES.filter((type) => events.has(type)),
          ...(description.trim() ? { description: description.trim() } : {}),
        }),
      );
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor="webhook-url">Endpoint URL</label>
      <input
        id="webhook-url"
        type="url"
        required
        maxLength={2048}
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        aria-describedby="webhook-url-hint"
      />
      <p className="hint" id="webhook-url-hint">
        Public addresses only: loopback, private and link-local destinations are refused.
      </p>
      <label htmlFor="webhook-description">Description (optional)</label>
      <input
        id="webhook-description"
        maxLength={500}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <fieldset>
        <legend>Events</legend>
        <label className="checkbox">
          <input type="checkbox" checked={allEvents} onChange={(event) => setAllEvents(event.target.checked)} /> Send
          every event, including types added later
        </label>
        {!allEvents && (
          <div className="event-picker">
            {EVENT_TYPES.map((type) => (
              <label key={type} className="checkbox">
                <input
                  type="checkbox"
                  checked={events.has(type)}
                  onChange={(event) => toggle(type, event.target.checked)}
                />{" "}
                <code>{type}</code>
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <ErrorNotice message={error} />
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={busy}>
          Add endpoint
        </button>
      </div>
    </form>
  );
}
