import type { CreatedKey } from "../../api/types";
import { Dialog } from "../../components/Dialog";
import { OneTimeSecret } from "../../components/OneTimeSecret";

/**
 * Shows a new key's full secret, once. The secret lives only in the parent's state, which is
 * cleared when this closes; it is never written to storage or to the address bar.
 */
export function SecretDialog({ created, onClose }: { created: CreatedKey | null; onClose: () => void }) {
  return (
    <Dialog open={created !== null} title="Your new API key" onClose={onClose} className="secret-dialog">
      {created && (
        <OneTimeSecret secret={created.secret} secretId="new-key-secret" secretLabel="API key secret" onClose={onClose}>
          <p className="notice notice-warning" role="note">
            <strong>Copy this key now.</strong> It is shown only this once: Glossa stores only a hash and cannot show it
            again. If you lose it, create a new key and delete this one.
          </p>
          <p>
            Key <strong>{created.key.name}</strong>
          </p>
        </OneTimeSecret>
      )}
    </Dialog>
  );
}
