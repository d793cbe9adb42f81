import { useState, type ReactNode } from "react";
import { errorMessage } from "../api/http";
import { Dialog } from "./Dialog";
import { ErrorNotice } from "./ErrorNotice";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}

/** "Are you sure?" for destructive actions; shows the server's refusal in words. */
export function ConfirmDialog({ open, title, confirmLabel, onConfirm, onClose, children }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Dialog open={open} title={title} onClose={close}>
      <div className="dialog-text">{children}</div>
      <ErrorNotice message={error} />
      <div className="dialog-actions">
        <button type="button" onClick={close}>
          Cancel
        </button>
        <button
          type="button"
          className="danger"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              await onConfirm();
              close();
            } catch (caught) {
              setError(errorMessage(caught));
            } finally {
              setBusy(false);
            }
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
