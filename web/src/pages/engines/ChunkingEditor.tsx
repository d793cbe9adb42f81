/** The chunking settings of the engine configuration, and the range each takes (src/core/engines/engine-config.ts). */
export type Chunking = { maxItems?: number; maxWords?: number; concurrency?: number };

const FIELDS = [
  { key: "maxItems", label: "Strings per request", min: 1, max: 1000 },
  { key: "maxWords", label: "Words per request", min: 1, max: 50_000 },
  { key: "concurrency", label: "Requests at once", min: 1, max: 32 },
] as const;

/** The problem of a typed value, in words; null when it is empty (the default) or fits. */
export function chunkingError(key: keyof Chunking, value: unknown): string | null {
  const field = FIELDS.find((candidate) => candidate.key === key)!;
  if (value === undefined) return null;
  if (typeof value !== "number" || !Number.isInteger(value)) return "Type a whole number, or leave it empty.";
  if (value < field.min || value > field.max) return `Between ${field.min} and ${field.max.toLocaleString()}.`;
  return null;
}

/** How big each request to the provider is and how many run at once; empty fields keep the defaults. */
export function ChunkingEditor({ value, onChange }: { value: Chunking; onChange: (value: Chunking) => void }) {
  return (
    <fieldset className="checklist">
      <legend>Chunking</legend>
      <p className="hint">How large content is split into requests. Leave a field empty for the default.</p>
      <div className="field-row">
        {FIELDS.map((field) => {
          const current = value[field.key];
          const error = chunkingError(field.key, current);
          const id = `chunking-${field.key}`;
          return (
            <div className="field" key={field.key}>
              <label htmlFor={id}>{field.label}</label>
              <input
                id={id}
                type="number"
                inputMode="numeric"
                min={field.min}
                max={field.max}
                value={current ?? ""}
                aria-invalid={error !== null}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => {
                  const next = { ...value };
                  if (event.target.value === "") delete next[field.key];
                  else next[field.key] = Number(event.target.value);
                  onChange(next);
                }}
              />
              {error && (
                <p className="field-error" id={`${id}-error`}>
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
