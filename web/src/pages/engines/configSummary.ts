/** "2 models · 1 glossary entry · 1 instruction" for the engine list; empty when there is nothing to count. */
export function configSummary(config: Record<string, unknown>): string {
  const count = (field: string) => (Array.isArray(config[field]) ? (config[field] as unknown[]).length : 0);
  const parts: [number, string, string][] = [
    [count("models"), "model", "models"],
    [count("glossary"), "glossary entry", "glossary entries"],
    [count("instructions"), "instruction", "instructions"],
    [count("brandVoice"), "brand voice text", "brand voice texts"],
  ];
  return parts
    .filter(([value]) => value > 0)
    .map(([value, one, many]) => `${value} ${value === 1 ? one : many}`)
    .join(" · ");
}
