import { splitProtected } from "./protected-segments.js";

/**
 * Languages whose spelling capitalises every noun, so an engine's capital at the start of a
 * fragment may be right ("user" → "Benutzer"): German, Luxembourgish, Swiss German.
 */
const NOUN_CAPITALISING_LANGUAGES: ReadonlySet<string> = new Set(["de", "lb", "gsw"]);

/** The English pronoun "I" and its contractions are always written with a capital. */
const ENGLISH_I = /^I(?:['’][a-z]{1,2})?$/;
const WORD = /\p{L}[\p{L}\p{M}\p{N}'’]*/gu;
/** What ends a sentence: a capital after it is the start of the next one, not a name. */
const SENTENCE_END = /[.!?…:¡¿]/u;

interface Word {
  text: string;
  /** Where the word starts in the whole string. */
  index: number;
}

const languageOf = (locale: string) => locale.toLowerCase().split(/[-_]/)[0]!;

export const capitalisesNouns = (locale: string): boolean => NOUN_CAPITALISING_LANGUAGES.has(languageOf(locale));

const isLowerCase = (ch: string) => ch !== ch.toUpperCase() && ch === ch.toLowerCase();
const isUpperCase = (ch: string) => ch !== ch.toLowerCase() && ch === ch.toUpperCase();

/**
 * The words of the translatable text, in order, with their place in `text`: strict tokens hold
 * none; metavariables (soft tokens such as `<no current directory>`) are translatable and hold theirs.
 * Lazy: most strings are decided by their first word or two (this runs on every translation).
 */
function* wordsOf(text: string): Generator<Word, void, undefined> {
  let offset = 0;
  for (const segment of splitProtected(text)) {
    if (segment.kind === "text" || segment.soft)
      // `lastIndex` is set before each search: another walk may have used WORD since this one yielded.
      for (let from = 0; ;) {
        WORD.lastIndex = from;
        const match = WORD.exec(segment.value);
        if (!match) break;
        from = match.index + match[0].length;
        yield { text: match[0], index: offset + match.index };
      }
    offset += segment.value.length;
  }
}

/** `URL`, `CPU`, `GitHub`, `McAfee`: a capital after the first letter means the word is written that way. */
const hasInnerCapital = (word: string) => [...word.slice(1)].some(isUpperCase);

/** The word occurs again in `text` in the middle of a sentence: the engine writes it with a capital anyway (a name). */
function capitalisedMidSentence(text: string, words: readonly Word[], first: Word): boolean {
  return words.some((word) => {
    if (word.index === first.index || word.text !== first.text) return false;
    const before = text.slice(0, word.index).trimEnd();
    return before.length > 0 && !SENTENCE_END.test(before[before.length - 1]!);
  });
}

function lowerFirstLetter(word: string, locale: string): string {
  const first = String.fromCodePoint(word.codePointAt(0)!);
  let lower: string;
  try {
    lower = first.toLocaleLowerCase(languageOf(locale));
  } catch {
    lower = first.toLowerCase();
  }
  return lower + word.slice(first.length);
}

/**
 * A source that starts with a markup tag (`<key name='%s'> shadows …`) answered with a word before
 * it (`La <key name='%s'> emmascara …`): the translation starts a sentence of its own, whose
 * capital is the translator's.
 */
function startsBeforeSourceTag(source: string, output: string, word: Word): boolean {
  const first = splitProtected(source.trimStart())[0];
  if (first?.kind !== "protected" || first.soft || !first.value.startsWith("<")) return false;
  return output.slice(0, word.index).trim() === "";
}

/**
 * Engines treat a UI string as a sentence and capitalise its first word (Apertium's transfer
 * rules do it for every paragraph, LLMs often too); UI strings are mostly fragments. When the
 * source's first word starts with a lower-case letter and the translation's first word with a
 * capital, the capital is taken back — unless the target language capitalises nouns (German),
 * or the word is written with a capital anyway: an acronym or inner capital (`URL`,
 * `GitHub`), English "I", a word the source writes the same way (a name moved to the front), or
 * a word the translation also capitalises in the middle of a sentence (a name).
 *
 * Words both texts begin with verbatim are skipped first: Apertium copies an unknown word
 * unchanged and then capitalises the next word it does know, because its sentence-start rule
 * only fires on a word a transfer rule matched ("nonportable character" → "nonportable
 * Carácter"). The words are those of the translatable text: placeholders, tags and other
 * protected tokens before them do not count (`{#} Mensaje nuevo`, `<b>Archivo</b>`).
 */
export function keepSourceCasing(source: string, output: string, targetLocale: string): string {
  if (output === source || capitalisesNouns(targetLocale)) return output;
  const sourceWords = wordsOf(source);
  const outputWords = wordsOf(output);
  let sourceWord = sourceWords.next().value;
  let word = outputWords.next().value;
  while (sourceWord && word && sourceWord.text === word.text) {
    sourceWord = sourceWords.next().value;
    word = outputWords.next().value;
  }
  if (!sourceWord || !word) return output;
  if (startsBeforeSourceTag(source, output, word)) return output;
  if (!isLowerCase(sourceWord.text[0]!) || !isUpperCase(String.fromCodePoint(word.text.codePointAt(0)!))) return output;
  if (hasInnerCapital(word.text)) return output;
  if (languageOf(targetLocale) === "en" && ENGLISH_I.test(word.text)) return output;
  if ([...wordsOf(source)].some((candidate) => candidate.text === word.text)) return output;
  if (capitalisedMidSentence(output, [...wordsOf(output)], word)) return output;
  return (
    output.slice(0, word.index) +
    lowerFirstLetter(word.text, targetLocale) +
    output.slice(word.index + word.text.length)
  );
}
