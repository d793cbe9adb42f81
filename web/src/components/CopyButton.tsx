import { Check, Copy } from "lucide-react";
import { useCopy } from "../hooks/useCopy";

/**
 * A button that copies `text` (see useCopy) and says in words whether it did. `iconOnly` makes it
 * a small icon button (named by `ariaLabel`, explained by its title) whose status is read out but
 * shown only as a tick, for table rows where a word per row does not fit.
 */
export function CopyButton({
  text,
  label = "Copy",
  selectId,
  ariaLabel,
  iconOnly = false,
}: {
  text: string;
  label?: string;
  selectId?: string;
  /** A name that says what is copied, where the visible label alone repeats (e.g. on every row). */
  ariaLabel?: string;
  iconOnly?: boolean;
}) {
  const { copy, status } = useCopy(text, selectId);
  const copied = status.startsWith("Copied");
  return (
    <span className="copy-button">
      <button
        type="button"
        className={iconOnly ? "icon" : "copy"}
        onClick={copy}
        aria-label={ariaLabel ?? (iconOnly ? label : undefined)}
        title={iconOnly ? status || label : undefined}
      >
        {copied ? <Check size={14} aria-hidden="true" /> : <Copy size={14} aria-hidden="true" />}
        {!iconOnly && label}
      </button>
      <span className={iconOnly ? "visually-hidden" : "small"} role="status" aria-live="polite">
        {status}
      </span>
    </span>
  );
}
