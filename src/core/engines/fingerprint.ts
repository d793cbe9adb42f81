import { hash } from "node:crypto";

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

/** Fingerprints already worked out, by configuration object (an engine row's config is read once and not changed). */
const fingerprints = new WeakMap<object, { provider: string; fingerprint: string }>();

/** Translation-memory key of an engine configuration: any change to provider or config changes it (but its price). */
export function configFingerprint(provider: string, config: unknown): string {
  if (config === null || typeof config !== "object") return fingerprintOf(provider, config);
  const known = fingerprints.get(config);
  if (known?.provider === provider) return known.fingerprint;
  const relevant = Object.fromEntries(
    Object.entries(config).filter(([key]) => !NOT_TRANSLATION_SETTINGS.includes(key)),
  );
  const fingerprint = fingerprintOf(provider, relevant);
  fingerprints.set(config, { provider, fingerprint });
  return fingerprint;
}

function fingerprintOf(provider: string, relevantConfig: unknown): string {
  return hash("sha256", stableStringify({ provider, config: relevantConfig, v: 1 }), "hex").slice(0, 32);
}

export function sourceHash(text: string): string {
  return hash("sha256", text, "hex");
}
