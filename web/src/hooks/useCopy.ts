import { useState } from "react";

/**
 * Copies `text` to the clipboard and says so in words (`status`); where the clipboard is blocked
 * it selects the element `selectId` names, so that Ctrl+C (⌘C) copies it.
 */
export function useCopy(text: string, selectId?: string): { copy: () => Promise<void>; status: string } {
  const [status, setStatus] = useState("");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus("Copied to the clipboard.");
    } catch {
      const node = selectId ? document.getElementById(selectId) : null;
      if (node) {
        const range = document.createRange();
        range.selectNodeContents(node);
        window.getSelection()?.removeAllRanges();
        window.getSelection()?.addRange(range);
      }
      setStatus(
        node
          ? "Copying is blocked here; the text is selected, press Ctrl+C (⌘C) to copy it."
          : "Copying is blocked here; select the text and press Ctrl+C (⌘C).",
      );
    }
  };
  return { copy, status };
}
