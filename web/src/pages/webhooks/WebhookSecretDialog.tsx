import { useState } from "react";
import type { CreatedWebhook } from "../../api/types";
import { Dialog } from "../../components/Dialog";

/** Shows a new endpoint's signing secret, once; it lives only in the parent's state until this closes. */
export function WebhookSecretDialog({ created, onClose }: { created: CreatedWebhook | null; onClose: () => void }) {
  const [copyStatus, setCopyStatus] = useState("");
  const close = () => {
    setCopyStatus("");
    onClose();
  };
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopyStatus("Copied to the clipboard.");
    } catch {
      setCopyStatus("Copying is blocked here; select the secret and copy it.");
    }
  };
  return (
    <Dialog open={created !== null} title="Your webhook signing secret" onClose={close} className="secret-dialog">
      {created && (
        <>
          <p className="notice notice-warning" role="note">
            <strong>Copy this secret now.</strong> It is shown only this once. Your receiver verifies each delivery's{" "}
            <code>webhook-signature</code> with it (Standard Webhooks).
          </p>
          <p>
            Endpoint <strong>{created.webhook.url}</strong>
          </p>
          <div className="secret-row">
            <code id="new-webhook-secret" className="secret" aria-label="Webhook signing secret">
              {created.secret}
            </code>
            <button type="button" className="primary" onClick={copy}>
              Copy
            </button>
          </div>
          <p className="small" role="status" aria-live="polite">
            {copyStatus}
          </p>
          <div className="dialog-actions">
            <button type="button" onClick={close}>
              I have copied it — close
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
