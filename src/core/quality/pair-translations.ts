import { collectStrings, type JsonValue } from "../content/walk-strings.js";
import type { CheckedPair } from "./report.js";

export type Pairing = { ok: true; pairs: CheckedPair[] } | { ok: false; errors: { path: string; message: string }[] };

/** The value at `path` in `root`, own properties and array indexes only (never an inherited one such as `constructor`). */
function valueAt(root: JsonValue, path: readonly (string | number)[]): JsonValue | undefined {
  let value: JsonValue | undefined = root;
  for (const step of path) {
    if (Array.isArray(value) && typeof step === "number") value = value[step];
    else if (value !== null && typeof value === "object" && !Array.isArray(value) && Object.hasOwn(value, step))
      value = value[step];
    else return undefined;
  }
  return value;
}

/** A JSON pointer (RFC 6901) for an error's `path`. */
const pointer = (path: readonly (string | number)[]) =>
  `/${path.map((step) => String(step).replace(/~/g, "~0").replace(/\//g, "~1")).join("/")}`;

/**
 * Each string of `translations` with the source string at the same place in `data`. A place
 * `data` has no string at is named (at most `maxErrors` of them), never skipped.
 */
export function pairTranslations(
  data: Record<string, JsonValue>,
  translations: Record<string, JsonValue>,
  maxErrors = 20,
): Pairing {
  const pairs: CheckedPair[] = [];
  const errors: { path: string; message: string }[] = [];
  for (const leaf of collectStrings(translations)) {
    const source = valueAt(data, leaf.path);
    if (typeof source === "string") pairs.push({ path: leaf.path, source, translation: leaf.value });
    else if (errors.length < maxErrors)
      errors.push({
        path: pointer(["translations", ...leaf.path]),
        message: source === undefined ? "data has no such key" : "data has no string at this place",
      });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, pairs };
}
