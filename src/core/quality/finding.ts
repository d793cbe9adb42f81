import type { GlossaryItem } from "../engines/glossary-item.js";

/**
 * `error`: a program will break or mis-render the string; `warning`: a reader will notice.
 * docs/quality.md#checks lists every check with its severity and an example.
 */
export type Severity = "error" | "warning";

/** What one check found in one translated string. */
export interface Finding {
  check: string;
  severity: Severity;
  /** One sentence. */
  message: string;
}

/** One source string and its translation, with what the checks need to know about them. */
export interface CheckInput {
  source: string;
  translation: string;
  sourceLocale: string;
  targetLocale: string;
  /** The engine's glossary items for this locale pair (none when no engine is named). */
  glossary?: readonly GlossaryItem[] | undefined;
}

/** A check: a pure function of one pair, answering its findings (usually none: NO_FINDINGS). */
export type Check = (input: CheckInput) => readonly Finding[];

/** What most checks answer, shared rather than a new empty list per string (the report runs on every answer). */
export const NO_FINDINGS: readonly Finding[] = Object.freeze([]);
