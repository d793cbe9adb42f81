import { Download, Plus, Trash2, Upload } from "lucide-react";
import { useState, type ChangeEvent } from "react";
import { ErrorNotice } from "../../components/ErrorNotice";
import { glossaryFromCsv, glossaryToCsv, type GlossaryRow } from "./glossaryCsv";

/** Problems of one row, in words, by field: shown next to the field they are about. */
export function glossaryRowErrors(row: GlossaryRow): { term?: string; translation?: string } {
  return {
    ...(row.term.trim() ? {} : { term: "Type the term." }),
    ...(row.type === "custom_translation" && !row.translation?.trim()
      ? { translation: "Type its translation, or make it “keep as is”." }
      : {}),
  };
}

/**
 * The engine's glossary as a table: term, type, translation and target locale per entry; add,
 * edit, delete; import and export as CSV. It edits the `glossary` of the configuration JSON.
 */
export function GlossaryEditor({ rows, onChange }: { rows: GlossaryRow[]; onChange: (rows: GlossaryRow[]) => void }) {
  const [importErrors, setImportErrors] = useState<string[]>([]);
  const update = (index: number, patch: Partial<GlossaryRow>) =>
    onChange(
      rows.map((row, at) => {
        if (at !== index) return row;
        const next: GlossaryRow = { ...row, ...patch };
        if (next.type === "non_translatable") delete next.translation;
        else next.translation ??= "";
        if (patch.targetLocale === "") delete next.targetLocale;
        return next;
      }),
    );

  const importCsv = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const read = glossaryFromCsv(await file.text());
    if (!read.ok) return setImportErrors(read.errors.slice(0, 10));
    setImportErrors([]);
    onChange([...rows, ...read.rows]);
  };
  const exportHref = `data:text/csv;charset=utf-8,${encodeURIComponent(glossaryToCsv(rows))}`;

  return (
    <fieldset className="checklist glossary-editor">
      <legend>Glossary</legend>
      <p className="hint">
        Terms the engine must translate your way, or keep as they are. Leave the target locale empty for every language.
      </p>
      {rows.length > 0 && (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Glossary terms">
          <table>
            <thead>
              <tr>
                <th scope="col">Term</th>
                <th scope="col">Type</th>
                <th scope="col">Translation</th>
                <th scope="col">Target locale</th>
                <th scope="col" className="actions">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => {
                const errors = glossaryRowErrors(row);
                const id = `glossary-${index}`;
                return (
                  <tr key={index}>
                    <td>
                      <input
                        id={`${id}-term`}
                        aria-label={`Term ${index + 1}`}
                        value={row.term}
                        maxLength={200}
                        aria-invalid={Boolean(errors.term)}
                        aria-describedby={errors.term ? `${id}-term-error` : undefined}
                        onChange={(event) => update(index, { term: event.target.value })}
                      />
                      {errors.term && (
                        <p className="field-error" id={`${id}-term-error`}>
                          {errors.term}
                        </p>
                      )}
                    </td>
                    <td>
                      <select
                        aria-label={`Type of term ${index + 1}`}
                        value={row.type}
                        onChange={(event) => update(index, { type: event.target.value as GlossaryRow["type"] })}
                      >
                        <option value="custom_translation">Translate as</option>
                        <option value="non_translatable">Keep as is</option>
                      </select>
                    </td>
                    <td>
                      {row.type === "custom_translation" ? (
                        <>
                          <input
                            aria-label={`Translation of term ${index + 1}`}
                            value={row.translation ?? ""}
                            maxLength={200}
                            aria-invalid={Boolean(errors.translation)}
                            aria-describedby={errors.translation ? `${id}-translation-error` : undefined}
                            onChange={(event) => update(index, { translation: event.target.value })}
                          />
                          {errors.translation && (
                            <p className="field-error" id={`${id}-translation-error`}>
                              {errors.translation}
                            </p>
                          )}
                        </>
                      ) : (
                        <span className="muted small">kept unchanged</span>
                      )}
                    </td>
                    <td>
                      <input
                        aria-label={`Target locale of term ${index + 1}`}
                        placeholder="any"
                        value={row.targetLocale ?? ""}
                        maxLength={64}
                        onChange={(event) => update(index, { targetLocale: event.target.value })}
                      />
                    </td>
                    <td className="actions">
                      <button
                        type="button"
                        className="icon danger"
                        title="Delete"
                        onClick={() => onChange(rows.filter((_, at) => at !== index))}
                      >
                        <Trash2 size={16} aria-hidden="true" />
                        <span className="visually-hidden">Delete term {index + 1}</span>
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <div className="row-actions">
        <button
          type="button"
          onClick={() => onChange([...rows, { type: "custom_translation", term: "", translation: "" }])}
        >
          <Plus size={16} aria-hidden="true" />
          Add term
        </button>
        <label className="file-button">
          <Upload size={16} aria-hidden="true" />
          Import CSV
          <input
            type="file"
            accept=".csv,text/csv"
            className="visually-hidden"
            onChange={(event) => void importCsv(event)}
          />
        </label>
        {rows.length > 0 && (
          <a className="button" href={exportHref} download="glossary.csv">
            <Download size={16} aria-hidden="true" />
            Export CSV
          </a>
        )}
      </div>
      {importErrors.length > 0 && <ErrorNotice message={`The CSV was not imported: ${importErrors.join(" ")}`} />}
    </fieldset>
  );
}
