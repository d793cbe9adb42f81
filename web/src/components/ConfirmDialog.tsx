import type { ReactNode } from "react";
import { useAction } from "../hooks/useAction";
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
  const { busy, error, setError, run } = useAction();
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
          onClick={() =>
            run(async () => {
              await onConfirm();
              close();
            })
          }
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
