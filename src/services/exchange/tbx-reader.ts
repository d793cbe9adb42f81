import type { AppError } from "../../core/errors/app-error.js";
import { CASE_SENSITIVE, DO_NOT_TRANSLATE, type TbxConcept, type TbxTerm } from "../../core/exchange/tbx-concept.js";
import type { XmlHandler } from "./xml-reader.js";

const CONCEPT = new Set(["conceptEntry", "termEntry"]);
const LANGUAGE = new Set(["langSec", "langSet"]);
const TERM_GROUP = new Set(["termSec", "tig", "ntig"]);
const NOTES = new Set(["termNote", "descrip", "note", "admin"]);
const STATUS = new Set(["administrativeStatus", "normativeAuthorization"]);
/** Longest text kept of one term or note; longer text is cut (a term that long is refused later anyway). */
const MAX_TEXT = 10_000;
const MAX_LANGUAGES = 200;
const MAX_TERMS = 100;

/**
 * The TBX reading of a SAX event stream: TBX v3 (`<tbx>`: TBX-Basic, TBX-Core, …) and TBX v2
 * (`<martif>`, as older tools write) concept entries with their terms per language, each
 * term's administrative status, and notes saying "do not translate" or "case-sensitive".
 * Part of speech, definitions, contexts and other notes have no place in Glossa's glossary and
 * are counted.
 */
export class TbxReader implements XmlHandler {
  readonly ignored: Record<string, number> = {};
  private depth = 0;
  private concept: TbxConcept | null = null;
  private language: TbxConcept["languages"][number] | null = null;
  private term: TbxTerm | null = null;
  private capture: { element: string; type: string | null; parts: string[]; length: number } | null = null;
  private captureDepth = 0;

  constructor(
    private readonly onConcept: (concept: TbxConcept) => void,
    private readonly refuse: (reason: string) => AppError,
  ) {}

  open(name: string, attributes: Readonly<Record<string, string>>): void {
    this.depth++;
    if (this.depth === 1) {
      if (name !== "tbx" && name !== "martif")
        throw this.refuse(`the root element is <${name}>, not <tbx> (is this a TBX file?)`);
      return;
    }
    if (this.capture) return;
    if (CONCEPT.has(name)) this.concept = { languages: [], doNotTranslate: false };
    else if (LANGUAGE.has(name) && this.concept) {
      this.language = { lang: attributes["xml:lang"] ?? attributes.lang ?? "", terms: [] };
      if (this.concept.languages.length < MAX_LANGUAGES) this.concept.languages.push(this.language);
    } else if (TERM_GROUP.has(name) && this.language) {
      this.term = { text: "", status: null, doNotTranslate: false, caseSensitive: false };
      if (this.language.terms.length < MAX_TERMS) this.language.terms.push(this.term);
    } else if ((name === "term" && this.term) || (NOTES.has(name) && this.concept))
      this.startCapture(name, attributes.type ?? null);
  }

  close(name: string): void {
    this.depth--;
    if (this.capture) {
      if (this.depth + 1 > this.captureDepth) return;
      this.endCapture();
      return;
    }
    if (TERM_GROUP.has(name)) this.term = null;
    else if (LANGUAGE.has(name)) this.language = null;
    else if (CONCEPT.has(name) && this.concept) {
      const concept = this.concept;
      this.concept = null;
      this.onConcept(concept);
    }
  }

  text(text: string): void {
    const capture = this.capture;
    if (!capture || capture.length >= MAX_TEXT) return;
    capture.parts.push(text.slice(0, MAX_TEXT - capture.length));
    capture.length += text.length;
  }

  private startCapture(element: string, type: string | null): void {
    this.capture = { element, type, parts: [], length: 0 };
    this.captureDepth = this.depth;
  }

  private endCapture(): void {
    const { element, type, parts } = this.capture!;
    this.capture = null;
    const text = parts.join("").trim();
    if (element === "term") {
      this.term!.text = text;
      return;
    }
    if (element === "termNote" && type !== null && STATUS.has(type) && this.term) {
      this.term.status = text;
      return;
    }
    const doNotTranslate = DO_NOT_TRANSLATE.test(text);
    const caseSensitive = CASE_SENSITIVE.test(text);
    if (doNotTranslate || caseSensitive) {
      if (this.term) {
        this.term.doNotTranslate ||= doNotTranslate;
        this.term.caseSensitive ||= caseSensitive;
      } else if (doNotTranslate) this.concept!.doNotTranslate = true;
      return;
    }
    const kind =
      type === "partOfSpeech" || type === "definition" || type === "context"
        ? type
        : element === "note"
          ? "notes"
          : "other";
    this.ignored[kind] = (this.ignored[kind] ?? 0) + 1;
  }
}
