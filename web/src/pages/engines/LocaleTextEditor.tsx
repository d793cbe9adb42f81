import { Plus } from "lucide-react";
/** An instruction or brand-voice text, for one target locale or (without one) for all. */
export interface LocaleTextRow {
  targetLocale?: string;
  text: string;
}

/** Texts per target locale (instructions, brand voice): add, edit, delete; an empty locale means every locale. */
export function LocaleTextEditor({
  legend,
  hint,
  idPrefix,
  rows,
  onChange,
}: {
  legend: string;
  hint: string;
  idPrefix: string;
  rows: LocaleTextRow[];
  onChange: (rows: LocaleTextRow[]) => void;
}) {
  const update = (index: number, patch: Partial<LocaleTextRow>) =>
    onChange(
      rows.map((row, at) => {
        if (at !== index) return row;
        const next = { ...row, ...patch };
        if (!next.targetLocale?.trim()) delete next.targetLocale;
        return next;
      }),
    );
  return (
    <fieldset className="checklist">
      <legend>{legend}</legend>
      <p className="hint">{hint}</p>
      {rows.map((row, index) => (
        <div key={index} className="locale-text">
          <label htmlFor={`${idPrefix}-${index}-locale`}>
            {legend} {index + 1}: target locale
          </label>
          <input
            id={`${idPrefix}-${index}-locale`}
            placeholder="every locale"
            maxLength={64}
            value={row.targetLocale ?? ""}
            onChange={(event) => update(index, { targetLocale: event.target.value })}
          />
          <label htmlFor={`${idPrefix}-${index}-text`}>
            {legend} {index + 1}: text
          </label>
          <textarea
            id={`${idPrefix}-${index}-text`}
            rows={2}
            maxLength={4000}
            value={row.text}
            aria-invalid={!row.text.trim()}
            aria-describedby={row.text.trim() ? undefined : `${idPrefix}-${index}-error`}
            onChange={(event) => update(index, { text: event.target.value })}
          />
          {!row.text.trim() && (
            <p className="field-error" id={`${idPrefix}-${index}-error`}>
              Write the text, or delete this entry.
            </p>
          )}
          <button type="button" className="danger" onClick={() => onChange(rows.filter((_, at) => at !== index))}>
            Delete {legend.toLowerCase()} {index + 1}
          </button>
        </div>
      ))}
      <button type="button" onClick={() => onChange([...rows, { text: "" }])}>
        <Plus size={16} aria-hidden="true" />
        Add {legend.toLowerCase()}
      </button>
    </fieldset>
  );
}
