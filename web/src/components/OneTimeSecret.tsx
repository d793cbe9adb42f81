import type { ReactNode } from "react";
import { useCopy } from "../hooks/useCopy";

/**
 * The body of a dialog that shows a secret once (an API key, a webhook signing secret): what it
 * is (`children`), the secret with a Copy button, and the close button. The secret lives only in
 * the caller's state, which is cleared when the dialog closes.
 */
export function OneTimeSecret({
  secret,
  secretId,
  secretLabel,
  onClose,
  children,
}: {
  secret: string;
  secretId: string;
  secretLabel: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { copy, status } = useCopy(secret, secretId);
  return (
    <>
      {children}
      <div className="secret-row">
        <code id={secretId} className="secret" aria-label={secretLabel}>
          {secret}
        </code>
        <button type="button" className="primary" onClick={copy}>
          Copy
        </button>
      </div>
      <p className="small" role="status" aria-live="polite">
        {status}
      </p>
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          I have copied it — close
        </button>
      </div>
    </>
  );
}
