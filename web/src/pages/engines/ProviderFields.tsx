/** The settings every provider shares have their own editors (or stay in the JSON): not repeated here. */
const SHARED = new Set([
  "models",
  "glossary",
  "instructions",
  "brandVoice",
  "chunking",
  "timeoutMs",
  "retry",
  "translationMemory",
]);

interface PropertySchema {
  type?: string;
  anyOf?: { const?: unknown }[];
  minimum?: number;
  maximum?: number;
  pattern?: string;
  maxLength?: number;
  description?: string;
}

/** A provider's own settings, read from its JSON Schema: name, and how to edit it. */
export function providerOwnFields(configSchema: unknown): [string, PropertySchema][] {
  const properties = (configSchema as { properties?: Record<string, PropertySchema> } | null)?.properties ?? {};
  return Object.entries(properties).filter(
    ([name, schema]) =>
      !SHARED.has(name) &&
      (schema.anyOf?.every((option) => typeof option.const === "string") ||
        ["string", "number", "integer", "boolean"].includes(schema.type ?? "")),
  );
}

/** What is wrong with a value, in words; null when it is empty (the provider's default) or fits. */
export function providerFieldError(schema: PropertySchema, value: unknown): string | null {
  if (value === undefined) return null;
  if (schema.type === "number" || schema.type === "integer") {
    if (typeof value !== "number" || Number.isNaN(value)) return "Type a number, or leave it empty.";
    if (schema.type === "integer" && !Number.isInteger(value)) return "Type a whole number.";
    if (schema.minimum !== undefined && value < schema.minimum) return `At least ${schema.minimum}.`;
    if (schema.maximum !== undefined && value > schema.maximum) return `At most ${schema.maximum}.`;
  }
  if (schema.type === "string" && typeof value === "string" && schema.pattern) {
    if (!new RegExp(schema.pattern).test(value))
      return schema.pattern.includes("https?")
        ? "An http:// or https:// address, without a user name or password."
        : "This value does not have the expected form.";
  }
  return null;
}

const words = (name: string) => name.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^./, (first) => first.toUpperCase());

/**
 * The provider-specific settings (from GET /api/providers: its `configSchema`), so a provider's
 * new setting appears here without a change to the dashboard.
 */
export function ProviderFields({
  provider,
  configSchema,
  config,
  onChange,
}: {
  provider: string;
  configSchema: unknown;
  config: Record<string, unknown>;
  onChange: (name: string, value: unknown) => void;
}) {
  const fields = providerOwnFields(configSchema);
  if (fields.length === 0) return null;
  return (
    <fieldset className="checklist">
      <legend>{provider} settings</legend>
      <div className="field-row">
        {fields.map(([name, schema]) => {
          const id = `provider-${name}`;
          const value = config[name];
          const error = providerFieldError(schema, value);
          const describedBy = error ? `${id}-error` : undefined;
          return (
            <div className="field" key={`${provider}/${name}`}>
              {schema.type === "boolean" ? (
                <label className="check">
                  <input
                    id={id}
                    type="checkbox"
                    checked={value === true}
                    onChange={(event) => onChange(name, event.target.checked ? true : undefined)}
                  />
                  <span>{words(name)}</span>
                </label>
              ) : (
                <label htmlFor={id}>{words(name)}</label>
              )}
              {schema.anyOf ? (
                <select
                  id={id}
                  value={typeof value === "string" ? value : ""}
                  onChange={(event) => onChange(name, event.target.value || undefined)}
                >
                  <option value="">(default)</option>
                  {schema.anyOf.map((option) => (
                    <option key={String(option.const)} value={String(option.const)}>
                      {String(option.const)}
                    </option>
                  ))}
                </select>
              ) : schema.type === "number" || schema.type === "integer" ? (
                <input
                  id={id}
                  type="number"
                  step={schema.type === "integer" ? 1 : "any"}
                  min={schema.minimum}
                  max={schema.maximum}
                  value={typeof value === "number" ? value : ""}
                  aria-invalid={error !== null}
                  aria-describedby={describedBy}
                  onChange={(event) =>
                    onChange(name, event.target.value === "" ? undefined : Number(event.target.value))
                  }
                />
              ) : schema.type === "string" ? (
                <input
                  id={id}
                  value={typeof value === "string" ? value : ""}
                  maxLength={schema.maxLength}
                  placeholder="(default)"
                  aria-invalid={error !== null}
                  aria-describedby={describedBy}
                  onChange={(event) => onChange(name, event.target.value || undefined)}
                />
              ) : null}
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
