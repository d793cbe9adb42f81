import { keepSourceCasing } from "./casing.js";
import { keepSourceSpacing } from "./spacing.js";

/**
 * What the pipeline does to every accepted translation, whichever provider produced it: the
 * source's spacing, then the source's casing at the start. Idempotent, so a remembered
 * translation can go through it again.
 */
export function postEdit(source: string, output: string, targetLocale: string): string {
  return keepSourceCasing(source, keepSourceSpacing(source, output), targetLocale);
}
