import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";

/**
 * A gettext plural entry as one ICU message, and back (docs/cli.md#plural-entries): msgid is the
 * `one` branch, msgid_plural the `other` branch; the count's printf conversion becomes `#` when
 * that is unambiguous, and comes back in every form.
 */

/** The ICU argument name of the count. */
export const COUNT_ARGUMENT = "n";

/** A C printf conversion (not `%%`), with gettext's `<PRIuMAX>` macros. */
const PRINTF =
  /%(?:(\d+)\$)?[-+ 0#']*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|L|q|j|z|t|I)?([diouxXeEfFgGaAcspnCS@])|%<PRI([a-zA-Z0-9_]+)>|%%/g;

/** The printf conversions of a text, as written (`%%` left out). */
export function printfConversions(text: string): { text: string; integer: boolean; positional: boolean }[] {
  const found = [];
  for (const match of text.matchAll(PRINTF)) {
    if (match[0] === "%%") continue;
    const letter = match[2] ?? match[3]!.charAt(0);
    found.push({ text: match[0], integer: /^[diu]$/.test(letter), positional: match[1] !== undefined });
  }
  return found;
}

/** ICU's quoting of literal text: `'` doubled, `{`, `}` and `#` quoted. */
export function escapeIcuLiteral(text: string): string {
  return text.replace(/['{}#]/g, (character) => (character === "'" ? "''" : `'${character}'`));
}

export interface PluralMessage {
  message: string;
  /** The printf conversion that `#` stands for, when the count's conversion was turned into `#`. */
  count: string | undefined;
}

/**
 * The ICU message sent for a plural entry. The count becomes `#` only for printf formats, when it is
 * unambiguous: the plural text has exactly one integer conversion and the singular has the same one
 * (`%d` and `%d`) or none (`One file`); or, whatever its type, the conversion is the number of the
 * noun after it (`countedNoun`: `%s byte` / `%s bytes`). Each target form can then be written from a
 * text with the number, and a form for one number only may leave it out.
 */
export function pluralMessage(singular: string, plural: string, printf: boolean): PluralMessage {
  let count: string | undefined;
  if (printf) {
    const one = printfConversions(singular).filter((c) => c.integer);
    const other = printfConversions(plural).filter((c) => c.integer);
    const sameCount = one.length === 1 && one[0]!.text === other[0]?.text;
    if (other.length === 1 && (sameCount || one.length === 0)) count = other[0]!.text;
    else if (one.length === 0 && other.length === 0) count = countedNoun(singular, plural);
  }
  const branch = (text: string) =>
    count === undefined ? escapeIcuLiteral(text) : text.split(count).map(escapeIcuLiteral).join("#");
  return {
    message: `{${COUNT_ARGUMENT}, plural, one {${branch(singular)}} other {${branch(plural)}}}`,
    count,
  };
}

/**
 * The one conversion of an entry that counts the noun right after it: both texts have that single
 * conversion, and they differ only in that noun, which takes an English plural ending (`%s byte` /
 * `%s bytes`, `%s entry` / `%s entries`). A conversion that is a name (`Use '%s' to remove it.` /
 * `… them.`, `publication %s does not exist` / `publications %s do not exist`) never passes: the
 * words that change are elsewhere, or more than the noun.
 */
function countedNoun(singular: string, plural: string): string | undefined {
  const one = printfConversions(singular);
  const other = printfConversions(plural);
  if (one.length !== 1 || other.length !== 1 || one[0]!.text !== other[0]!.text) return undefined;
  const conversion = one[0]!.text;
  const [beforeOne, afterOne, ...restOne] = singular.split(conversion);
  const [beforeOther, afterOther, ...restOther] = plural.split(conversion);
  if (restOne.length > 0 || restOther.length > 0 || beforeOne !== beforeOther) return undefined;
  const nounOne = NOUN_AFTER.exec(afterOne!);
  const nounOther = NOUN_AFTER.exec(afterOther!);
  if (!nounOne || !nounOther || nounOne[2] !== nounOther[2]) return undefined;
  return isEnglishPlural(nounOne[1]!, nounOther[1]!) ? conversion : undefined;
}

/** A space, a word, and the rest of the text (which must not go on with the word). */
const NOUN_AFTER = /^ (\p{L}+)(?!\p{L})(.*)$/su;

function isEnglishPlural(one: string, other: string): boolean {
  return other === `${one}s` || other === `${one}es` || (one.endsWith("y") && other === `${one.slice(0, -1)}ies`);
}

export type PluralAnswer = { ok: true; forms: string[] } | { ok: false; message: string };

function render(elements: readonly MessageFormatElement[], count: string | undefined): string {
  let text = "";
  for (const element of elements) {
    if (element.type === TYPE.literal) text += element.value;
    else if (element.type === TYPE.pound) {
      if (count === undefined) throw new Error("it has # where the source has no count");
      text += count;
    } else if (element.type === TYPE.argument) text += `{${element.value}}`;
    else throw new Error(`it has a nested ${TYPE[element.type]} that the source does not have`);
  }
  return text;
}

/** The count's conversion put back positional (`%2$d`) where the form numbers its conversions. */
function withPositionalCount(form: string, count: string, position: number | undefined): string {
  if (position === undefined || !printfConversions(form).some((c) => c.positional)) return form;
  return form.split(count).join(count.replace("%", `%${position}$`));
}

/**
 * The gettext forms from the server's answer: form i is the answer's branch of `categories[i]`,
 * or its `other` branch when the answer has no such branch (an answer in the source's categories).
 */
export function pluralForms(
  answer: string,
  categories: readonly string[],
  sent: PluralMessage & { singular: string },
): PluralAnswer {
  let elements: MessageFormatElement[];
  try {
    elements = parse(answer, { ignoreTag: true, requiresOtherClause: false });
  } catch (error) {
    return { ok: false, message: `the answer is not an ICU message: ${(error as Error).message}` };
  }
  const choice = elements.find((element) => element.type === TYPE.plural);
  if (!choice || choice.type !== TYPE.plural) return { ok: false, message: "the answer has no plural argument" };
  const before = elements.slice(0, elements.indexOf(choice));
  const after = elements.slice(elements.indexOf(choice) + 1);
  // the count's position among the source's conversions, for a form the server made positional
  const position = sent.count
    ? printfConversions(sent.singular).findIndex((c) => c.text === sent.count) + 1 || undefined
    : undefined;
  try {
    const forms = categories.map((category) => {
      const option = choice.options[category] ?? choice.options.other;
      if (!option) throw new Error(`it has neither a "${category}" nor an "other" branch`);
      const text = render(before, sent.count) + render(option.value, sent.count) + render(after, sent.count);
      return sent.count ? withPositionalCount(text, sent.count, position) : text;
    });
    return { ok: true, forms };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}
