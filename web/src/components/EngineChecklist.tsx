import type { Engine } from "../api/types";

interface EngineChecklistProps {
  legend: string;
  engines: Engine[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  emptyText?: string;
}

/** One checkbox per engine, in a labelled fieldset. */
export function EngineChecklist({
  legend,
  engines,
  selected,
  onChange,
  emptyText = "No engines to choose from.",
}: EngineChecklistProps) {
  return (
    <fieldset className="checklist">
      <legend>{legend}</legend>
      {engines.length === 0 && <p className="muted">{emptyText}</p>}
      {engines.map((engine) => (
        <label key={engine.id} className="check">
          <input
            type="checkbox"
            checked={selected.has(engine.id)}
            onChange={(event) => {
              const next = new Set(selected);
              if (event.target.checked) next.add(engine.id);
              else next.delete(engine.id);
              onChange(next);
            }}
          />
          <span>
            {engine.name} <span className="muted">({engine.provider})</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
