import type { Readable } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../core/errors/app-error.js";
import { containsNul } from "../../core/content/contains-nul.js";
import { countStrings, jsonDepth } from "../../core/content/walk-strings.js";
import { readBodyText } from "../request-body.js";
import { IncrementalJsonParser, JsonRefusal, type IncrementalJsonLimits } from "./incremental-json.js";

export const MAX_JSON_DEPTH = 64;
/**
 * String values one request body may hold: past it, 413 before any other work. A top-level
 * `reference` (the Lingo.dev CLI's whole source and target files, read only for a bounded
 * amount of prompt context) is not counted: the body limit bounds it.
 */
export const MAX_STRINGS_PER_REQUEST = 100_000;

function countedPart(parsed: unknown): unknown {
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed) || !("reference" in parsed)) return parsed;
  const { reference: _reference, ...rest } = parsed as Record<string, unknown>;
  return rest;
}
/** The refusal of a body over the strings-per-call cap, whatever its shape (JSON, form, multipart). */
export const tooManyStrings = () =>
  new AppError(
    "payload_too_large",
    `The body holds more than ${MAX_STRINGS_PER_REQUEST} strings; split it into several requests.`,
  );

export const INVALID_JSON_BODY = "The body is not valid JSON.";

/**
 * Bodies longer than this are parsed by `IncrementalJsonParser` as they are read, giving the event
 * loop back every 10 ms and checking depth and the strings cap while they arrive (docs/security.md,
 * "Keys before bodies"); `JSON.parse` takes about 10 ms for a body of this size.
 */
export const INCREMENTAL_FROM_CHARACTERS = 1024 * 1024;

const nulRefusal = () =>
  AppError.invalidRequest("The body contains the character U+0000, which no field accepts.", [
    { path: "/", message: "contains U+0000" },
  ]);
const depthRefusal = () =>
  AppError.invalidRequest(`The body nests deeper than ${MAX_JSON_DEPTH} levels.`, [
    { path: "/", message: "too deeply nested" },
  ]);

const LARGE_BODY_LIMITS: IncrementalJsonLimits = {
  maxDepth: MAX_JSON_DEPTH,
  maxStrings: MAX_STRINGS_PER_REQUEST,
  uncountedTopLevelKey: "reference",
};
/** The most text the incremental parser takes at once (a socket delivers at most 64 KiB a read). */
const PIECE_CHARACTERS = 64 * 1024;

const refusalOf = (refusal: JsonRefusal) =>
  refusal.refusal === "strings"
    ? tooManyStrings()
    : refusal.refusal === "depth"
      ? depthRefusal()
      : AppError.invalidRequest(INVALID_JSON_BODY, [{ path: "/", message: refusal.message }]);

async function feed(parser: IncrementalJsonParser, text: string): Promise<void> {
  for (let at = 0; at < text.length; at += PIECE_CHARACTERS) await parser.push(text.slice(at, at + PIECE_CHARACTERS));
}

/** A small body (the whole text): `JSON.parse` once. */
function parseSmall(text: string): unknown {
  if (text.trim() === "") return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw AppError.invalidRequest(INVALID_JSON_BODY, [{ path: "/", message: (error as Error).message }]);
  }
  // JSON can carry U+0000 only as an escape, so bodies without one skip the walk.
  if (text.includes("\\u0000") && containsNul(parsed)) throw nulRefusal();
  if (jsonDepth(parsed, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw depthRefusal();
  if (countStrings(countedPart(parsed), MAX_STRINGS_PER_REQUEST) > MAX_STRINGS_PER_REQUEST) throw tooManyStrings();
  return parsed;
}

/**
 * Reads and parses a JSON body as it arrives: the text is kept until it passes
 * `INCREMENTAL_FROM_CHARACTERS`, then handed piece by piece to the incremental parser, which
 * refuses (and so stops the reading) at the first fault; a smaller body is `JSON.parse`d once.
 */
async function readJson(request: FastifyRequest, payload: Readable): Promise<unknown> {
  let kept: string[] = [];
  let keptLength = 0;
  let parser: IncrementalJsonParser | undefined;
  try {
    await readBodyText(request, payload, (text) => {
      if (parser) return feed(parser, text);
      kept.push(text);
      keptLength += text.length;
      if (keptLength <= INCREMENTAL_FROM_CHARACTERS) return;
      const started = new IncrementalJsonParser(LARGE_BODY_LIMITS);
      parser = started;
      const pieces = kept;
      kept = [];
      return pieces.reduce<Promise<void>>(
        (previous, piece) => previous.then(() => feed(started, piece)),
        Promise.resolve(),
      );
    });
    if (!parser) return parseSmall(kept.join(""));
    const value = await parser.end();
    if (parser.hasNul) throw nulRefusal();
    return value;
  } catch (error) {
    throw error instanceof JsonRefusal ? refusalOf(error) : error;
  }
}

/**
 * Parses JSON bodies with plain `JSON.parse`, so keys such as `__proto__` and `constructor`
 * stay ordinary own properties (docs/api.md#localization keeps them), and bounds nesting depth. An empty body
 * parses to undefined, and the route's schema decides whether that is acceptable. U+0000 is
 * refused in every string and property name (PostgreSQL text cannot hold it). No other
 * media type is accepted: anything else is 415.
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  // Without `parseAs`, Fastify hands over the body's stream: `readJson` reads it (request-body.ts).
  const parse = (request: FastifyRequest, payload: Readable, done: (error: Error | null, body?: unknown) => void) => {
    readJson(request, payload).then(
      (body) => done(null, body),
      (error: Error) => done(error, undefined),
    );
  };
  // The string form matches with parameters (`; charset=utf-8`); the pattern adds `application/*+json`.
  app.addContentTypeParser("application/json", parse);
  app.addContentTypeParser(/^application\/[\w.-]+\+json(\s*;.*)?$/, parse);
}
