import { useState } from "react";

/**
 * Copies `text` to the clipboard and says so in words; where the clipboard is blocked it selects
 * the element `selectId` names so that Ctrl+C (⌘C) copies it.
 */
export function CopyButton({
  text,
  label = "Copy",
  selectId,
  ariaLabel,
}: {
  text: string;
  label?: string;
  selectId?: string;
  /** A name that says what is copied, where the visible label alone repeats (e.g. on every row). */
  ariaLabel?: string;
}) {
  const [status, setStatus] = useState("");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus("Copied.");
    } catch {
      const node = selectId ? document.getElementById(selectId) : null;
      if (node) {
        const range = document.createRange();
        range.selectNodeContents(node);
        window.getSelection()?.removeAllRanges();
        window.getSelection()?.addRange(range);
      }
      setStatus("Copying is blocked here; select the text and press Ctrl+C (⌘C).");
    }
  };
  return (
    <span className="copy-button">
      <button type="button" className="copy" onClick={copy} aria-label={ariaLabel}>
        {label}
      </button>
      <span className="small" role="status" aria-live="polite">
        {status}
      </span>
    </span>
  );
}
