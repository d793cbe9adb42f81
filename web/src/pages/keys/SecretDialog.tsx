import { useState } from "react";
import type { CreatedKey } from "../../api/types";
import { Dialog } from "../../components/Dialog";

/**
 * Shows a new key's full secret, once. The secret lives only in the parent's state, which is
 * cleared when this closes; it is never written to storage or to the address bar.
 */
export function SecretDialog({ created, onClose }: { created: CreatedKey | null; onClose: () => void }) {
  return (
    <Dialog open={created !== null} title="Your new API key" onClose={onClose} className="secret-dialog">
      {created && <SecretBody created={created} onClose={onClose} />}
    </Dialog>
  );
}

function SecretBody({ created, onClose }: { created: CreatedKey; onClose: () => void }) {
  const [copyStatus, setCopyStatus] = useState("");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopyStatus("Copied to the clipboard.");
    } catch {
      const range = document.createRange();
      const node = document.getElementById("new-key-secret");
      if (node) {
        range.selectNodeContents(node);
        window.getSelection()?.removeAllRanges();
        window.getSelection()?.addRange(range);
      }
      setCopyStatus("Copying is blocked here; the key is selected, press Ctrl+C (or ⌘C) to copy it.");
    }
  };
  return (
    <>
      <p className="notice notice-warning" role="note">
        <strong>Copy this key now.</strong> It is shown only this once: Glossa stores only a hash and cannot show it
        again. If you lose it, create a new key and delete this one.
      </p>
      <p>
        Key <strong>{created.key.name}</strong>
      </p>
      <div className="secret-row">
        <code id="new-key-secret" className="secret" aria-label="API key secret">
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
        <button type="button" onClick={onClose}>
          I have copied it — close
        </button>
      </div>
    </>
  );
}
