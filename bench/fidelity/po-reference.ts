/**
 * What "equal to the human's" is measured against besides the human's form itself (pure): the
 * human's form as Glossa writes every answer, whoever wrote it (docs/engines.md#post-edits-casing-and-spacing):
 * the source's first-letter casing and spacing (the post-edits every provider's answer gets) and
 * the count spelled as the source spells it
 * (`%'lu` → `%lu`: an engine writes `#`, which comes back as the source's conversion). A form that
 * differs from the human's only in these is what the contract asks for, not a loss.
 */
import { postEdit } from "../../src/core/content/post-edit.js";
import { translationProblems } from "../../src/core/engines/validate-output.js";
import { printfConversions } from "../../src/core/gettext/plural-message.js";

/** The human's writing of the count: the same conversion, or one of its type with other flags (`%'lu` for `%lu`). */
export function countIn(human: string, count: string): string {
  if (human.includes(count)) return count;
  const shape = (text: string) => text.replace(/^%(?:\d+\$)?[-+ 0#']*/, "%");
  return printfConversions(human).find((c) => c.integer && shape(c.text) === shape(count))?.text ?? count;
}

export function asGlossaWrites(source: string, human: string, targetLocale: string, count?: string): string {
  const counted = count === undefined ? human : human.split(countIn(human, count)).join(count);
  return postEdit(source, counted, targetLocale);
}

/** Whether the human's translation of a one-form entry is one Glossa's output check refuses (it drops or changes a token). */
export const humanFailsCheck = (source: string, human: string, targetLocale: string): boolean =>
  translationProblems(source, human, [], { sourceLocale: "en", targetLocale }).length > 0;
