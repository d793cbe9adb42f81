import { createHash } from "node:crypto";

/** JSON with object keys sorted, so that equal configurations hash equally. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value as object)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${stableStringify((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Settings that do not change a translation: changing them keeps the translation memory. */
const NOT_TRANSLATION_SETTINGS = ["price"];

/** Translation-memory key of an engine configuration: any change to provider or config changes it (but its price). */
export function configFingerprint(provider: string, config: unknown): string {
  const relevant =
    config !== null && typeof config === "object"
      ? Object.fromEntries(Object.entries(config).filter(([key]) => !NOT_TRANSLATION_SETTINGS.includes(key)))
      : config;
  return createHash("sha256")
    .update(stableStringify({ provider, config: relevant, v: 1 }))
    .digest("hex")
    .slice(0, 32);
}

export function sourceHash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
