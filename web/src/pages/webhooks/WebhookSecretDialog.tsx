import type { CreatedWebhook } from "../../api/types";
import { OneTimeSecretDialog } from "../../components/OneTimeSecret";

/** Shows a new endpoint's signing secret, once; it lives only in the parent's state until this closes. */
export function WebhookSecretDialog({ created, onClose }: { created: CreatedWebhook | null; onClose: () => void }) {
  return (
    <OneTimeSecretDialog
      title="Your webhook signing secret"
      secret={created?.secret ?? null}
      secretId="new-webhook-secret"
      secretLabel="Webhook signing secret"
      onClose={onClose}
    >
      <p className="notice notice-warning" role="note">
        <strong>Copy this secret now.</strong> It is shown only this once. Your receiver verifies each delivery&apos;s{" "}
        <code>webhook-signature</code> with it (Standard Webhooks).
      </p>
      <p>
        Endpoint <strong>{created?.webhook.url}</strong>
      </p>
    </OneTimeSecretDialog>
  );
}
