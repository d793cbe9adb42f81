/** One model route as the engine configuration holds it: which model, for which locale pair, at which rank. */
export interface ModelRow {
  sourceLocale?: string;
  targetLocale?: string;
  model: string;
  rank?: number;
}

const pairOf = (row: ModelRow) => `${row.sourceLocale ?? "*"}→${row.targetLocale ?? "*"}`;

/** Ranks follow the list: within each locale pair the first model is rank 0 (primary), the next 1, … */
export function rerank(rows: readonly ModelRow[]): ModelRow[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const rank = seen.get(pairOf(row)) ?? 0;
    seen.set(pairOf(row), rank + 1);
    return { ...row, rank };
  });
}

function withLocale(row: ModelRow, field: "sourceLocale" | "targetLocale", value: string): ModelRow {
  const next = { ...row };
  if (value.trim()) next[field] = value.trim();
  else delete next[field];
  return next;
}

/**
 * Models ranked per locale pair: the list order is the order models are tried in for a pair
 * (the first is primary, the next ones are fallbacks). Move up / Move down reorder by keyboard or
 * mouse; an empty locale means any.
 */
export function ModelsEditor({ rows, onChange }: { rows: ModelRow[]; onChange: (rows: ModelRow[]) => void }) {
  const change = (next: ModelRow[]) => onChange(rerank(next));
  const move = (index: number, by: -1 | 1) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    next.splice(index + by, 0, row!);
    change(next);
    // Keep the keyboard on the moved row's button.
    requestAnimationFrame(() =>
      document.getElementById(`model-${index + by}-${by < 0 ? "up" : "down"}`)?.focus({ preventScroll: false }),
    );
  };
  return (
    <fieldset className="checklist glossary-editor">
      <legend>Models</legend>
      <p className="hint">
        Tried in this order for each locale pair: the first is the primary model, the next ones are fallbacks. Leave a
        locale empty for any.
      </p>
      {rows.length > 0 && (
        <ol className="model-list" aria-label="Models in order">
          {rows.map((row, index) => (
            <li key={index} className="model-row">
              <input
                aria-label={`Model ${index + 1}`}
                value={row.model}
                maxLength={200}
                aria-invalid={!row.model.trim()}
                aria-describedby={row.model.trim() ? undefined : `model-${index}-error`}
                onChange={(event) =>
                  change(rows.map((r, at) => (at === index ? { ...r, model: event.target.value } : r)))
                }
              />
              <input
                aria-label={`Source locale of model ${index + 1}`}
                placeholder="any source"
                value={row.sourceLocale ?? ""}
                maxLength={64}
                onChange={(event) =>
                  change(rows.map((r, at) => (at === index ? withLocale(r, "sourceLocale", event.target.value) : r)))
                }
              />
              <input
                aria-label={`Target locale of model ${index + 1}`}
                placeholder="any target"
                value={row.targetLocale ?? ""}
                maxLength={64}
                onChange={(event) =>
                  change(rows.map((r, at) => (at === index ? withLocale(r, "targetLocale", event.target.value) : r)))
                }
              />
              <span className="small muted">rank {row.rank ?? 0}</span>
              <button type="button" id={`model-${index}-up`} disabled={index === 0} onClick={() => move(index, -1)}>
                Move up<span className="visually-hidden"> model {index + 1}</span>
              </button>
              <button
                type="button"
                id={`model-${index}-down`}
                disabled={index === rows.length - 1}
                onClick={() => move(index, 1)}
              >
                Move down<span className="visually-hidden"> model {index + 1}</span>
              </button>
              <button type="button" className="danger" onClick={() => change(rows.filter((_, at) => at !== index))}>
                Delete<span className="visually-hidden"> model {index + 1}</span>
              </button>
              {!row.model.trim() && (
                <p className="field-error" id={`model-${index}-error`}>
                  Name the model, e.g. gpt-4o-mini.
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
      <button type="button" onClick={() => change([...rows, { model: "" }])}>
        Add model
      </button>
    </fieldset>
  );
}
