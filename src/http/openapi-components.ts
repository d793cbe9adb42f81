/**
 * Moves every object schema that has a `title` (the contract's records: `KeyRecord`, `Problem`, …)
 * into `components.schemas` under that title, and points each use at it with a `$ref`. The routes
 * inline their schemas; without this the document would repeat each record at every use.
 */
export function hoistTitledSchemas<T extends { components?: { schemas?: Record<string, unknown> } }>(document: T): T {
  const schemas: Record<string, unknown> = { ...document.components?.schemas };
  const seen = new Map<string, string>();

  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== "object") return node;
    const copy = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, visit(value)]));
    if (copy.type !== "object" || typeof copy.title !== "string") return copy;
    const name = copy.title;
    const text = JSON.stringify(copy);
    const earlier = seen.get(name);
    if (earlier !== undefined && earlier !== text) throw new Error(`Two different schemas are titled ${name}.`);
    seen.set(name, text);
    schemas[name] = copy;
    return { $ref: `#/components/schemas/${name}` };
  };

  const { components, ...rest } = document;
  const hoisted = visit(rest) as Omit<T, "components">;
  return { ...hoisted, components: { ...components, schemas } } as T;
}
