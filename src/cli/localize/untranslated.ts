import { wellFormedItems } from "./answer-items.js";
import { toPointer } from "./json-pointer.js";

/** A string the server did not translate (`untranslated` in its answer). */
export interface UntranslatedItem {
  path: (string | number)[];
  code: string;
  reason: string;
}

/** What the server's answer lists, kept to well-formed items (an older server sends none). */
export function untranslatedOf(value: unknown): UntranslatedItem[] {
  return wellFormedItems<UntranslatedItem>(value, ["code", "reason"]);
}

/** The pointers of the strings that failed: not recorded in the lock, so the next run sends them again. */
export function failedPointers(items: readonly UntranslatedItem[]): Set<string> {
  return new Set(items.filter((item) => item.code === "engine_failed").map((item) => toPointer(item.path)));
}

/** The warning for one target: the failed keys (retried next run) and the ones returned unchanged. */
export function untranslatedWarning(target: string, items: readonly UntranslatedItem[]): string {
  if (items.length === 0) return "";
  const failed = items.filter((item) => item.code === "engine_failed");
  const unchanged = items.filter((item) => item.code !== "engine_failed");
  const line = (item: UntranslatedItem) => `  ${toPointer(item.path)}: ${item.reason}\n`;
  let text = "";
  if (failed.length > 0)
    text += `glossa localize: ${target}: ${failed.length} string(s) not translated (written as the source text, sent again on the next run):\n${failed.map(line).join("")}`;
  if (unchanged.length > 0)
    text += `glossa localize: ${target}: ${unchanged.length} string(s) returned unchanged by the engine:\n${unchanged.map(line).join("")}`;
  return text;
}
