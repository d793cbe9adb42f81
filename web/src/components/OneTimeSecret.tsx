import { useEffect, useRef, useState, type ReactNode } from "react";
import { useCopy } from "../hooks/useCopy";
import { Dialog } from "./Dialog";

interface OneTimeSecretDialogProps {
  title: string;
  /** The secret to show; null while the dialog is closed. */
  secret: string | null;
  secretId: string;
  secretLabel: string;
  /** What the secret is, and that it is shown once. */
  children: ReactNode;
  onClose: () => void;
}

/**
 * A dialog that shows a secret once (an API key, a webhook signing secret): what it is
 * (`children`), the secret with a Copy button, and the close button. Escape or × does not close it
 * at once: losing the secret is not undone, so it asks first. The secret lives only in the
 * caller's state, which is cleared when the dialog closes.
 */
export function OneTimeSecretDialog({
  title,
  secret,
  secretId,
  secretLabel,
  children,
  onClose,
}: OneTimeSecretDialogProps) {
  const [asking, setAsking] = useState(false);
  const close = () => {
    setAsking(false);
    onClose();
  };
  return (
    <Dialog
      open={secret !== null}
      title={title}
      onClose={close}
      onDismiss={() => setAsking(true)}
      className="secret-dialog"
    >
      {secret !== null && (
        <SecretBody
          secret={secret}
          secretId={secretId}
          secretLabel={secretLabel}
          asking={asking}
          onKeep={() => setAsking(false)}
          onClose={close}
        >
          {children}
        </SecretBody>
      )}
    </Dialog>
  );
}

function SecretBody({
  secret,
  secretId,
  secretLabel,
  asking,
  onKeep,
  onClose,
  children,
}: {
  secret: string;
  secretId: string;
  secretLabel: string;
  asking: boolean;
  onKeep: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { copy, status } = useCopy(secret, secretId);
  const copyButton = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  // "Keep it open" unmounts the focused button; without this, focus falls to <body>, outside the
  // dialog, and the next Escape never reaches it.
  useEffect(() => {
    if (wasAsking.current && !asking) copyButton.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  return (
    <>
      {children}
      <div className="secret-row">
        <code id={secretId} className="secret" aria-label={secretLabel}>
          {secret}
        </code>
        <button ref={copyButton} type="button" className="primary" onClick={copy}>
          Copy
        </button>
      </div>
      <p className="small" role="status" aria-live="polite">
        {status}
      </p>
      {asking ? (
        <div className="notice notice-warning">
          <p role="alert">
            <strong>Close without the secret?</strong> It is shown only this once and cannot be shown again.
          </p>
          <div className="dialog-actions">
            <button type="button" className="primary" onClick={onKeep} autoFocus>
              Keep it open
            </button>
            <button type="button" className="danger" onClick={onClose}>
              Close, I don&apos;t need it
            </button>
          </div>
        </div>
      ) : (
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            I have copied it — close
          </button>
        </div>
      )}
    </>
  );
}
