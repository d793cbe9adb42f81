import { unescapePoString } from "./po-string.js";

/**
 * A line-based PO reader that keeps every line as written (docs/cli.md#gettext-po-and-pot-files).
 * npm's PO libraries (gettext-parser, pofile) parse into objects and write every entry anew with
 * their own line folding and comment order: neither keeps the bytes of what it does not change.
 * Lines are pushed one at a time (a file is read as a stream); each entry comes out with its raw
 * lines and what they say. Every line belongs to exactly one entry, so writing the lines of all
 * entries back gives the file byte for byte.
 */

export interface PoEntry {
  /** The entry's lines as written, without line ends (comments before it, blank lines after it). */
  lines: string[];
  /** 1-based number of its first line in the file. */
  firstLine: number;
  /** Only comments (obsolete `#~` entries, or comments at the end of the file): never translated. */
  inert: boolean;
  context: string | undefined;
  id: string;
  idPlural: string | undefined;
  /** `msgstr`, or `msgstr[0]`, `msgstr[1]`… */
  strings: string[];
  flags: string[];
  /** `#.` comments: notes for translators. */
  extracted: string[];
  /** Where the msgstr lines are: `lines.slice(msgstrStart, msgstrEnd)`. */
  msgstrStart: number;
  msgstrEnd: number;
  /** Index in `lines` of the first `#|`, msgctxt or msgid line: where a new `#,` line goes. */
  keywordStart: number;
  /** Index in `lines` of the `#,` line, or -1. */
  flagsLine: number;
}

export class PoSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = "PoSyntaxError";
  }
}

/** Longest line read; a longer one is refused rather than held. */
export const MAX_PO_LINE_CHARS = 1_000_000;

type Field = "msgctxt" | "msgid" | "msgid_plural" | { msgstr: number } | undefined;

const KEYWORD = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+"((?:[^"\\]|\\.)*)"\s*$/;
const CONTINUATION = /^"((?:[^"\\]|\\.)*)"\s*$/;

function emptyEntry(firstLine: number): PoEntry {
  return {
    lines: [],
    firstLine,
    inert: true,
    context: undefined,
    id: "",
    idPlural: undefined,
    strings: [],
    flags: [],
    extracted: [],
    msgstrStart: -1,
    msgstrEnd: -1,
    keywordStart: -1,
    flagsLine: -1,
  };
}

export class PoReader {
  private entry: PoEntry = emptyEntry(1);
  private lineNumber = 0;
  private field: Field;
  private hasMsgid = false;
  private obsoleteDone = false;
  private hasObsolete = false;

  /** One line of the file (without its line end); the entry it completed, if any. */
  push(raw: string): PoEntry | undefined {
    this.lineNumber++;
    if (raw.length > MAX_PO_LINE_CHARS) throw new PoSyntaxError(this.lineNumber, "the line is too long");
    const text = (this.lineNumber === 1 ? raw.replace(/^\uFEFF/, "") : raw).replace(/\r$/, "").trim();
    let done: PoEntry | undefined;
    if (text !== "" && this.startsEntry(text)) done = this.finish();
    const index = this.entry.lines.length;
    this.entry.lines.push(raw);
    if (text === "") {
      if (this.inMsgstr()) this.field = undefined;
      return done;
    }
    if (text.startsWith("#")) this.comment(text, index);
    else this.keyword(text, index);
    return done;
  }

  /** The last entry, at the end of the file. */
  end(): PoEntry | undefined {
    return this.entry.lines.length > 0 ? this.finish() : undefined;
  }

  private inMsgstr(): boolean {
    return typeof this.field === "object";
  }

  private fail(message: string): never {
    throw new PoSyntaxError(this.lineNumber, message);
  }

  /** Whether `text` begins a new entry: the current one is complete and this is not its continuation. */
  private startsEntry(text: string): boolean {
    if (this.entry.msgstrStart !== -1) return !text.startsWith('"') && !text.startsWith("msgstr");
    if (this.hasObsolete && !text.startsWith("#~")) return true;
    if (this.obsoleteDone) return !/^#~\s*("|msgstr)/.test(text);
    return false;
  }

  private comment(text: string, index: number) {
    if (this.field !== undefined && !this.inMsgstr()) this.fail("a comment inside an entry, before its msgstr");
    this.field = undefined;
    if (text.startsWith("#~")) {
      this.hasObsolete = true;
      if (/^#~\s*msgstr/.test(text)) this.obsoleteDone = true;
      return;
    }
    if (text.startsWith("#|") && this.entry.keywordStart === -1) this.entry.keywordStart = index;
    if (text.startsWith("#,")) {
      this.entry.flagsLine = index;
      this.entry.flags.push(
        ...text
          .slice(2)
          .split(",")
          .map((flag) => flag.trim())
          .filter(Boolean),
      );
    } else if (text.startsWith("#.")) this.entry.extracted.push(text.slice(2).trim());
  }

  private keyword(text: string, index: number) {
    const continuation = CONTINUATION.exec(text);
    if (continuation) {
      if (this.field === undefined) this.fail("a string that belongs to no msgid or msgstr");
      this.append(unescapePoString(continuation[1]!));
      if (this.inMsgstr()) this.entry.msgstrEnd = index + 1;
      return;
    }
    const match = KEYWORD.exec(text);
    if (!match)
      this.fail(`cannot read "${text.slice(0, 60)}" (expected msgctxt, msgid, msgid_plural, msgstr or a "string")`);
    const keyword = match[1]!;
    const value = unescapePoString(match[3]!);
    const entry = this.entry;
    entry.inert = false;
    if (keyword === "msgctxt" || keyword === "msgid") {
      if (entry.keywordStart === -1) entry.keywordStart = index;
      if (keyword === "msgctxt" && (this.hasMsgid || entry.context !== undefined)) this.fail("msgctxt after msgid");
      if (keyword === "msgid" && this.hasMsgid) this.fail("a second msgid before a msgstr");
      if (keyword === "msgid") this.hasMsgid = true;
      this.field = keyword;
      this.set(value);
      return;
    }
    if (!this.hasMsgid) this.fail(`${keyword} without a msgid`);
    if (keyword === "msgid_plural") {
      if (entry.msgstrStart !== -1 || entry.idPlural !== undefined) this.fail("msgid_plural out of place");
      this.field = keyword;
      entry.idPlural = value;
      return;
    }
    const formIndex = match[2] === undefined ? undefined : Number(match[2]);
    if (formIndex === undefined) {
      if (entry.idPlural !== undefined) this.fail("msgstr without [index] in an entry with msgid_plural");
      if (entry.msgstrStart !== -1) this.fail("a second msgstr");
    } else {
      if (entry.idPlural === undefined) this.fail("msgstr[index] in an entry without msgid_plural");
      if (formIndex !== entry.strings.length)
        this.fail(`msgstr[${formIndex}] where msgstr[${entry.strings.length}] was expected`);
    }
    if (entry.msgstrStart === -1) entry.msgstrStart = index;
    entry.msgstrEnd = index + 1;
    this.field = { msgstr: entry.strings.length };
    entry.strings.push(value);
  }

  private set(value: string) {
    if (this.field === "msgctxt") this.entry.context = value;
    else this.entry.id = value;
  }

  private append(value: string) {
    const field = this.field;
    if (field === "msgctxt") this.entry.context += value;
    else if (field === "msgid") this.entry.id += value;
    else if (field === "msgid_plural") this.entry.idPlural += value;
    else if (typeof field === "object") this.entry.strings[field.msgstr] += value;
  }

  private finish(): PoEntry {
    const entry = this.entry;
    if (!entry.inert && entry.msgstrStart === -1)
      this.fail(`the entry that begins on line ${entry.firstLine} has no msgstr`);
    if (entry.inert) {
      entry.flags = [];
      entry.extracted = [];
    }
    this.entry = emptyEntry(this.lineNumber);
    this.field = undefined;
    this.hasMsgid = false;
    this.obsoleteDone = false;
    this.hasObsolete = false;
    return entry;
  }
}
