import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
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
        <div className="model-head" aria-hidden="true">
          <span className="model-number">#</span>
          <span>Model</span>
          <span>Source locale</span>
          <span>Target locale</span>
          <span>Rank</span>
          <span />
        </div>
      )}
      {rows.length > 0 && (
        <ol className="model-list" aria-label="Models in order">
          {rows.map((row, index) => (
            <li key={index} className="model-row">
              <span className="model-number" aria-hidden="true">
                {index + 1}
              </span>
              <input
                className="model-name"
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
              <span className="row-actions">
                <button
                  type="button"
                  className="icon"
                  id={`model-${index}-up`}
                  title="Move up"
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp size={16} aria-hidden="true" />
                  <span className="visually-hidden">Move up model {index + 1}</span>
                </button>
                <button
                  type="button"
                  className="icon"
                  id={`model-${index}-down`}
                  title="Move down"
                  disabled={index === rows.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown size={16} aria-hidden="true" />
                  <span className="visually-hidden">Move down model {index + 1}</span>
                </button>
                <button
                  type="button"
                  className="icon danger"
                  title="Delete"
                  onClick={() => change(rows.filter((_, at) => at !== index))}
                >
                  <Trash2 size={16} aria-hidden="true" />
                  <span className="visually-hidden">Delete model {index + 1}</span>
                </button>
              </span>
              {!row.model.trim() && (
                <p className="field-error" id={`model-${index}-error`}>
                  Name the model, e.g. gpt-4o-mini.
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
      <div className="row-actions">
        <button type="button" onClick={() => change([...rows, { model: "" }])}>
          <Plus size={16} aria-hidden="true" />
          Add model
        </button>
      </div>
    </fieldset>
  );
}
