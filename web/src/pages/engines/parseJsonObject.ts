/** Parses text that must hold a JSON object; returns the object or an error in words. */
export function parseJsonObject(
  text: string,
  what: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (error) {
    return { ok: false, error: `${what} is not valid JSON: ${(error as Error).message}` };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, error: `${what} must be a JSON object, like {"key": "value"}.` };
  }
  return { ok: true, value: value as Record<string, unknown> };
}
