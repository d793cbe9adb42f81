import { setImmediate as yieldToLoop } from "node:timers/promises";

/**
 * A JSON parser for large bodies, fed the body's text piece by piece as it is read, that gives the
 * event loop back every few milliseconds, so that other requests (`/healthz`) are answered while a
 * large body is read and parsed (docs/security.md, "Keys before bodies"). It checks the body limits
 * as it goes: nesting depth, and the strings per call (string values outside a top-level
 * `reference`), refusing at the first string over the cap without reading the rest. Its results
 * equal `JSON.parse`'s: string contents and numbers are decoded by `JSON.parse` and `Number`, and
 * members are own data properties (`__proto__` included). No string token is handled in one
 * piece: a long one is decoded a piece at a time, as its text arrives.
 */
export type IncrementalJson =
  { ok: true; value: unknown; hasNul: boolean } | { ok: false; refusal: JsonRefusal["refusal"]; message: string };

export interface IncrementalJsonLimits {
  maxDepth: number;
  maxStrings: number;
  /** A member of the top-level object whose strings are not counted (the Lingo.dev CLI's `reference`). */
  uncountedTopLevelKey?: string;
  /** How long one stretch of parsing may hold the event loop. */
  sliceMs?: number;
}

interface Container {
  value: Record<string, unknown> | unknown[];
  key: string | null;
  counted: boolean;
}

/** What the parser expects next. */
type State = "value" | "firstValue" | "firstKey" | "key" | "colon" | "after" | "done" | "string" | "number";

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
// JSON strings may not hold raw control characters: the regular expression is the check itself.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f]/;
const BACKSLASH = 0x5c;
/** The longest escape (`\uXXXX`). */
const ESCAPE_LENGTH = 6;

const isNumberChar = (code: number) =>
  (code >= 0x30 && code <= 0x39) || code === 0x2d || code === 0x2b || code === 0x2e || code === 0x65 || code === 0x45;
const isWhitespace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

export class JsonRefusal extends Error {
  constructor(
    readonly refusal: "syntax" | "depth" | "strings",
    message: string,
  ) {
    super(message);
  }
}

/**
 * Where `text[from, to)`, part of a string token's content, may be cut so that no escape is split:
 * before the last backslash near the end if it may start an escape still open.
 */
function escapeSafeCut(text: string, from: number, to: number): number {
  let last = -1;
  for (let i = to - 1; i >= Math.max(from, to - ESCAPE_LENGTH); i--)
    if (text.charCodeAt(i) === BACKSLASH) {
      last = i;
      break;
    }
  if (last === -1) return to;
  // A run of backslashes starts an escape (`from` is never inside one): they pair up from its start.
  let runStart = last;
  while (runStart > from && text.charCodeAt(runStart - 1) === BACKSLASH) runStart--;
  return (last - runStart + 1) % 2 === 0 ? last + 1 : last;
}

export class IncrementalJsonParser {
  private text = "";
  private pos = 0;
  /** Where `text` starts in the whole body (for messages). */
  private offset = 0;
  private ended = false;
  private state: State = "value";
  private readonly stack: Container[] = [];
  private strings = 0;
  private stringRole: "key" | "value" = "value";
  private stringStart = 0;
  private stringValue = "";
  private numberText = "";
  private result: unknown;
  private steps = 0;
  private sliceStarted = 0;
  private loopTurned = true;
  private readonly sliceMs: number;
  /** Whether a string or property name holds U+0000 (the caller decides what that means). */
  hasNul = false;

  constructor(private readonly limits: IncrementalJsonLimits) {
    this.sliceMs = limits.sliceMs ?? 10;
  }

  /** Parses as far as `text` (the body's next piece) allows; rejects with a `JsonRefusal` at the first fault. */
  async push(text: string): Promise<void> {
    if (this.pos > 0) {
      this.offset += this.pos;
      this.text = this.text.slice(this.pos) + text;
      this.pos = 0;
    } else this.text += text;
    await this.run();
  }

  /** The parsed value, once the whole body has been pushed. */
  async end(): Promise<unknown> {
    this.ended = true;
    await this.run();
    return this.result;
  }

  private async run(): Promise<void> {
    // Pieces that were already read arrive one after another without the loop turning in between
    // (up to 2 MiB a socket read): the slice spans them until the event loop has had its turn.
    if (this.loopTurned) this.startSlice();
    for (;;) {
      if (++this.steps % 64 === 0 && performance.now() - this.sliceStarted > this.sliceMs) {
        await yieldToLoop();
        this.startSlice();
      }
      if (!this.step()) return;
    }
  }

  private startSlice(): void {
    this.sliceStarted = performance.now();
    this.loopTurned = false;
    setImmediate(() => (this.loopTurned = true));
  }

  private syntax(what: string): JsonRefusal {
    return new JsonRefusal("syntax", `${what} at position ${this.offset + this.pos}`);
  }

  private endOr(what: string, char: string | undefined): JsonRefusal {
    return this.syntax(char === undefined ? "Unexpected end of JSON input" : what);
  }

  /** One token or part of one; false when more text is needed (or, once ended, when the value is complete). */
  private step(): boolean {
    if (this.state === "string") return this.continueString();
    if (this.state === "number") return this.continueNumber();
    while (this.pos < this.text.length && isWhitespace(this.text.charCodeAt(this.pos))) this.pos++;
    if (this.pos === this.text.length && !this.ended) return false;
    const char = this.text[this.pos];
    switch (this.state) {
      case "done":
        if (char === undefined) return false;
        throw this.syntax("Unexpected non-whitespace character after JSON");
      case "value":
        return this.startValue(char);
      case "firstValue":
        if (char === "]") return this.close();
        this.state = "value";
        return true;
      case "firstKey":
        if (char === "}") return this.close();
        this.state = "key";
        return true;
      case "key":
        if (char !== '"') throw this.endOr("Expected a property name", char);
        return this.startString("key");
      case "colon":
        if (char !== ":") throw this.endOr("Expected ':'", char);
        this.pos++;
        this.state = "value";
        return true;
      case "after": {
        const isArray = Array.isArray(this.stack[this.stack.length - 1]!.value);
        if (char === ",") {
          this.pos++;
          this.state = isArray ? "value" : "key";
          return true;
        }
        if (char === (isArray ? "]" : "}")) return this.close();
        throw this.endOr(`Unexpected token ${char}`, char);
      }
    }
  }

  private startValue(char: string | undefined): boolean {
    if (char === "{" || char === "[") {
      this.pos++;
      this.open(char === "{" ? {} : []);
      this.state = char === "{" ? "firstKey" : "firstValue";
      return true;
    }
    if (char === '"') return this.startString("value");
    if (char === "-" || (char !== undefined && char >= "0" && char <= "9")) {
      this.numberText = "";
      this.state = "number";
      return true;
    }
    // The longest literal is five characters: wait for them.
    if (this.text.length - this.pos < 5 && !this.ended) return false;
    for (const [literal, value] of [
      ["true", true],
      ["false", false],
      ["null", null],
    ] as const)
      if (this.text.startsWith(literal, this.pos)) {
        this.pos += literal.length;
        return this.place(value);
      }
    throw this.endOr(`Unexpected token ${char}`, char);
  }

  private counted(): boolean {
    return this.stack.length === 0 || this.stack[this.stack.length - 1]!.counted;
  }

  private open(value: Record<string, unknown> | unknown[]): void {
    const parent = this.stack[this.stack.length - 1];
    const inUncounted =
      this.stack.length === 1 &&
      this.limits.uncountedTopLevelKey !== undefined &&
      parent!.key === this.limits.uncountedTopLevelKey &&
      !Array.isArray(parent!.value);
    this.stack.push({ value, key: null, counted: this.counted() && !inUncounted });
    if (this.stack.length > this.limits.maxDepth)
      throw new JsonRefusal("depth", `nests deeper than ${this.limits.maxDepth} levels`);
  }

  private close(): boolean {
    this.pos++;
    return this.place(this.stack.pop()!.value);
  }

  /** Puts a complete value in its container (or makes it the result). */
  private place(value: unknown): boolean {
    const parent = this.stack[this.stack.length - 1];
    if (!parent) {
      this.result = value;
      this.state = "done";
      return true;
    }
    if (Array.isArray(parent.value)) parent.value.push(value);
    // Assigning `__proto__` would set the prototype: it alone is defined (its value stays an own member).
    else if (parent.key === "__proto__")
      Object.defineProperty(parent.value, parent.key, { value, writable: true, enumerable: true, configurable: true });
    else parent.value[parent.key!] = value;
    this.state = "after";
    return true;
  }

  private startString(role: "key" | "value"): boolean {
    this.stringRole = role;
    this.stringStart = this.offset + this.pos;
    this.stringValue = "";
    this.pos++;
    this.state = "string";
    return true;
  }

  /** Decodes the string's content up to its closing quote, or as much of it as is safe to cut. */
  private continueString(): boolean {
    const text = this.text;
    let end = this.pos;
    for (;;) {
      end = text.indexOf('"', end);
      if (end === -1) break;
      // Pieces never end inside a run of backslashes, so the run before the quote starts at `pos` or later.
      let backslashes = 0;
      while (end - 1 - backslashes >= this.pos && text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
      if (backslashes % 2 === 0) break;
      end++;
    }
    if (end === -1) {
      if (this.ended) throw new JsonRefusal("syntax", `Unterminated string at position ${this.stringStart}`);
      const cut = escapeSafeCut(text, this.pos, text.length);
      this.decode(text.slice(this.pos, cut));
      this.pos = cut;
      return false;
    }
    this.decode(text.slice(this.pos, end));
    this.pos = end + 1;
    return this.finishString();
  }

  private decode(content: string): void {
    if (content === "") return;
    if (!content.includes("\\")) {
      if (CONTROL.test(content))
        throw new JsonRefusal(
          "syntax",
          `Bad control character in string literal (string at position ${this.stringStart})`,
        );
      this.stringValue += content;
      return;
    }
    let decoded: string;
    try {
      decoded = JSON.parse(`"${content}"`) as string;
    } catch (error) {
      throw new JsonRefusal("syntax", `${(error as Error).message} (string at position ${this.stringStart})`);
    }
    // Only an escape can bring U+0000 (raw control characters are refused above).
    if (decoded.includes("\u0000")) this.hasNul = true;
    this.stringValue += decoded;
  }

  private finishString(): boolean {
    const value = this.stringValue;
    this.stringValue = "";
    if (this.stringRole === "key") {
      this.stack[this.stack.length - 1]!.key = value;
      this.state = "colon";
      return true;
    }
    const top = this.stack[0];
    const isUncountedValue =
      this.stack.length === 1 &&
      !Array.isArray(top!.value) &&
      this.limits.uncountedTopLevelKey !== undefined &&
      top!.key === this.limits.uncountedTopLevelKey;
    if (this.counted() && !isUncountedValue && ++this.strings > this.limits.maxStrings)
      throw new JsonRefusal("strings", `holds more than ${this.limits.maxStrings} strings`);
    return this.place(value);
  }

  private continueNumber(): boolean {
    const text = this.text;
    let end = this.pos;
    while (end < text.length && isNumberChar(text.charCodeAt(end))) end++;
    this.numberText += text.slice(this.pos, end);
    this.pos = end;
    if (end === text.length && !this.ended) return false;
    if (!NUMBER.test(this.numberText)) throw this.syntax("Bad number");
    const value = Number(this.numberText);
    this.numberText = "";
    return this.place(value);
  }
}

/** Parses a whole text (in pieces of `pieceLength`, as a body would arrive). */
export async function parseJsonIncrementally(
  text: string,
  limits: IncrementalJsonLimits,
  pieceLength = 64 * 1024,
): Promise<IncrementalJson> {
  const parser = new IncrementalJsonParser(limits);
  try {
    for (let at = 0; at < text.length; at += pieceLength) await parser.push(text.slice(at, at + pieceLength));
    return { ok: true, value: await parser.end(), hasNul: parser.hasNul };
  } catch (error) {
    if (error instanceof JsonRefusal) return { ok: false, refusal: error.refusal, message: error.message };
    throw error;
  }
}
