import type { CreatedKey } from "../../api/types";
import { OneTimeSecretDialog } from "../../components/OneTimeSecret";

/**
 * Shows a new key's full secret, once. The secret lives only in the parent's state, which is
 * cleared when this closes; it is never written to storage or to the address bar.
 */
export function SecretDialog({ created, onClose }: { created: CreatedKey | null; onClose: () => void }) {
  return (
    <OneTimeSecretDialog
      title="Your new API key"
      secret={created?.secret ?? null}
      secretId="new-key-secret"
      secretLabel="API key secret"
      onClose={onClose}
    >
      <p className="notice notice-warning" role="note">
        <strong>Copy this key now.</strong> It is shown only this once: Glossa stores only a hash and cannot show it
        again. If you lose it, create a new key and delete this one.
      </p>
      <p>
        Key <strong>{created?.key.name}</strong>
      </p>
    </OneTimeSecretDialog>
  );
}
