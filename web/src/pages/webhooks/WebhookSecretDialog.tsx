import type { CreatedWebhook } from "../../api/types";
import { Dialog } from "../../components/Dialog";
import { OneTimeSecret } from "../../components/OneTimeSecret";

/** Shows a new endpoint's signing secret, once; it lives only in the parent's state until this closes. */
export function WebhookSecretDialog({ created, onClose }: { created: CreatedWebhook | null; onClose: () => void }) {
  return (
    <Dialog open={created !== null} title="Your webhook signing secret" onClose={onClose} className="secret-dialog">
      {created && (
        <OneTimeSecret
          secret={created.secret}
          secretId="new-webhook-secret"
          secretLabel="Webhook signing secret"
          onClose={onClose}
        >
          <p className="notice notice-warning" role="note">
            <strong>Copy this secret now.</strong> It is shown only this once. Your receiver verifies each
            delivery&apos;s <code>webhook-signature</code> with it (Standard Webhooks).
          </p>
          <p>
            Endpoint <strong>{created.webhook.url}</strong>
          </p>
        </OneTimeSecret>
      )}
    </Dialog>
  );
}
