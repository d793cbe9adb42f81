import { setImmediate as yieldToLoop } from "node:timers/promises";

/**
 * A JSON parser for large bodies that gives the event loop back every few milliseconds, so that
 * other requests (`/healthz`) are answered while a large body is parsed (docs/security.md, "Keys
 * before bodies"), and that checks the body limits as it goes: nesting depth, and the strings per
 * call (string values outside a top-level `reference`), refusing at the first string over the cap
 * without parsing the rest. Its results equal `JSON.parse`'s: each string and number token is
 * handed to `JSON.parse` itself, and members are own data properties (`__proto__` included).
 */
export type IncrementalJson =
  { ok: true; value: unknown } | { ok: false; refusal: "syntax" | "depth" | "strings"; message: string };

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

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// JSON strings may not hold raw control characters: the regular expression is the check itself.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f]/;

class Refusal extends Error {
  constructor(
    readonly refusal: "syntax" | "depth" | "strings",
    message: string,
  ) {
    super(message);
  }
}

export async function parseJsonIncrementally(text: string, limits: IncrementalJsonLimits): Promise<IncrementalJson> {
  try {
    return { ok: true, value: await parse(text, limits) };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, refusal: error.refusal, message: error.message };
    throw error;
  }
}

async function parse(text: string, limits: IncrementalJsonLimits): Promise<unknown> {
  const sliceMs = limits.sliceMs ?? 10;
  const stack: Container[] = [];
  let pos = 0;
  let strings = 0;
  let sliceStarted = performance.now();
  let steps = 0;
  const syntax = (what: string) => new Refusal("syntax", `${what} at position ${pos}`);

  const skipWhitespace = () => {
    for (;;) {
      const code = text.charCodeAt(pos);
      if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) pos++;
      else return;
    }
  };
  /** The string token at `pos` (which is a quote), decoded; `pos` moves past it. */
  const readString = (): string => {
    let end = pos + 1;
    for (;;) {
      end = text.indexOf('"', end);
      if (end === -1) throw syntax("Unterminated string");
      let backslashes = 0;
      while (text.charCodeAt(end - 1 - backslashes) === 0x5c) backslashes++;
      if (backslashes % 2 === 0) break;
      end++;
    }
    const start = pos;
    pos = end + 1;
    // Without escapes the content is the string itself (JSON forbids only raw control characters).
    const content = text.slice(start + 1, end);
    if (!content.includes("\\")) {
      if (CONTROL.test(content)) throw syntax("Bad control character in string literal");
      return content;
    }
    try {
      return JSON.parse(text.slice(start, end + 1)) as string;
    } catch (error) {
      throw new Refusal("syntax", `${(error as Error).message} (string at position ${start})`);
    }
  };
  const counted = () => stack.length === 0 || stack[stack.length - 1]!.counted;
  const open = (value: Record<string, unknown> | unknown[]) => {
    const parent = stack[stack.length - 1];
    const inReference =
      stack.length === 1 &&
      limits.uncountedTopLevelKey !== undefined &&
      parent!.key === limits.uncountedTopLevelKey &&
      !Array.isArray(parent!.value);
    stack.push({ value, key: null, counted: counted() && !inReference });
    if (stack.length > limits.maxDepth) throw new Refusal("depth", `nests deeper than ${limits.maxDepth} levels`);
  };
  /** Reads the next key of the innermost object (at a quote), and its colon. */
  const readKey = () => {
    if (text[pos] !== '"') throw syntax("Expected a property name");
    stack[stack.length - 1]!.key = readString();
    skipWhitespace();
    if (text[pos] !== ":") throw syntax("Expected ':'");
    pos++;
  };

  let result: unknown;
  let done = false;
  while (!done) {
    if (++steps % 1024 === 0 && performance.now() - sliceStarted > sliceMs) {
      await yieldToLoop();
      sliceStarted = performance.now();
    }
    // A value.
    skipWhitespace();
    const char = text[pos];
    let value: unknown;
    let complete = true;
    if (char === "{") {
      pos++;
      open({});
      skipWhitespace();
      if (text[pos] === "}") {
        pos++;
        value = stack.pop()!.value;
      } else {
        readKey();
        complete = false;
      }
    } else if (char === "[") {
      pos++;
      open([]);
      skipWhitespace();
      if (text[pos] === "]") {
        pos++;
        value = stack.pop()!.value;
      } else complete = false;
    } else if (char === '"') {
      const isReferenceValue =
        stack.length === 1 &&
        !Array.isArray(stack[0]!.value) &&
        limits.uncountedTopLevelKey !== undefined &&
        stack[0]!.key === limits.uncountedTopLevelKey;
      value = readString();
      if (counted() && !isReferenceValue && ++strings > limits.maxStrings)
        throw new Refusal("strings", `holds more than ${limits.maxStrings} strings`);
    } else if (char === "-" || (char !== undefined && char >= "0" && char <= "9")) {
      NUMBER.lastIndex = pos;
      const match = NUMBER.exec(text);
      if (!match) throw syntax("Bad number");
      pos = NUMBER.lastIndex;
      value = Number(match[0]);
    } else if (text.startsWith("true", pos)) {
      pos += 4;
      value = true;
    } else if (text.startsWith("false", pos)) {
      pos += 5;
      value = false;
    } else if (text.startsWith("null", pos)) {
      pos += 4;
      value = null;
    } else throw syntax(char === undefined ? "Unexpected end of JSON input" : `Unexpected token ${char}`);
    if (!complete) continue;

    // Where the value goes, and what follows it (closing as many containers as end here).
    for (;;) {
      const parent = stack[stack.length - 1];
      if (!parent) {
        result = value;
        done = true;
        break;
      }
      if (Array.isArray(parent.value)) parent.value.push(value);
      else
        Object.defineProperty(parent.value, parent.key!, {
          value,
          writable: true,
          enumerable: true,
          configurable: true,
        });
      skipWhitespace();
      const next = text[pos];
      if (next === ",") {
        pos++;
        if (!Array.isArray(parent.value)) {
          skipWhitespace();
          readKey();
        }
        break;
      }
      if (next === (Array.isArray(parent.value) ? "]" : "}")) {
        pos++;
        value = stack.pop()!.value;
        continue;
      }
      throw syntax(next === undefined ? "Unexpected end of JSON input" : `Unexpected token ${next}`);
    }
  }
  skipWhitespace();
  if (pos !== text.length) throw syntax(`Unexpected non-whitespace character after JSON`);
  return result;
}
