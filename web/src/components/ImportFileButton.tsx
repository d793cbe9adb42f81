import { useRef } from "react";

/**
 * A button that opens the file picker, with its hidden (but labelled) file input: the chosen file
 * goes to `onFile`, and the input is cleared so the same file can be chosen again.
 */
export function ImportFileButton({
  label,
  buttonLabel,
  inputLabel,
  accept,
  disabled,
  onFile,
}: {
  /** The button's visible text, e.g. "Import TMX". */
  label: string;
  /** The button's accessible name, saying what is imported into what. */
  buttonLabel: string;
  /** The hidden input's label (the every-page accessibility check needs one). */
  inputLabel: string;
  accept: string;
  disabled: boolean;
  onFile: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" disabled={disabled} onClick={() => input.current?.click()} aria-label={buttonLabel}>
        {label}
      </button>
      <input
        ref={input}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        aria-label={inputLabel}
        type="file"
        accept={accept}
        disabled={disabled}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) onFile(file);
          event.currentTarget.value = "";
        }}
      />
    </>
  );
}
