import { useCopy } from "../hooks/useCopy";

/** A button that copies `text` (see useCopy) and says in words whether it did. */
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
  const { copy, status } = useCopy(text, selectId);
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
