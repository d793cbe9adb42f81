import type { FastifyInstance } from "fastify";
import { AppError } from "../../core/errors/app-error.js";
import { containsNul } from "../../core/content/contains-nul.js";
import { countStrings, jsonDepth } from "../../core/content/walk-strings.js";
import { parseJsonIncrementally } from "./incremental-json.js";

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
 * Bodies longer than this are parsed by `parseJsonIncrementally`, which gives the event loop back
 * every 10 ms and checks depth and the strings cap while it parses (docs/security.md, "Keys before
 * bodies"); `JSON.parse` takes about 10 ms for a body of this size.
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

/** A large body, parsed without holding the event loop; the same refusals as small ones. */
function parseLarge(text: string, done: (error: Error | null, body?: unknown) => void): void {
  parseJsonIncrementally(text, {
    maxDepth: MAX_JSON_DEPTH,
    maxStrings: MAX_STRINGS_PER_REQUEST,
    uncountedTopLevelKey: "reference",
  }).then((parsed) => {
    if (!parsed.ok) {
      if (parsed.refusal === "strings") return done(tooManyStrings());
      if (parsed.refusal === "depth") return done(depthRefusal());
      return done(AppError.invalidRequest(INVALID_JSON_BODY, [{ path: "/", message: parsed.message }]));
    }
    if (text.includes("\\u0000") && containsNul(parsed.value)) return done(nulRefusal());
    done(null, parsed.value);
  }, done);
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
  const parse: Parameters<typeof app.addContentTypeParser>[2] = (_request, body, done) => {
    const text = typeof body === "string" ? body : (body as Buffer).toString("utf8");
    if (text.length > INCREMENTAL_FROM_CHARACTERS) return parseLarge(text, done);
    if (text.trim() === "") return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      return done(
        AppError.invalidRequest(INVALID_JSON_BODY, [{ path: "/", message: (error as Error).message }]),
        undefined,
      );
    }
    // JSON can carry U+0000 only as an escape, so bodies without one skip the walk.
    if (text.includes("\\u0000") && containsNul(parsed)) return done(nulRefusal(), undefined);
    if (jsonDepth(parsed, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return done(depthRefusal(), undefined);
    if (countStrings(countedPart(parsed), MAX_STRINGS_PER_REQUEST) > MAX_STRINGS_PER_REQUEST)
      return done(tooManyStrings(), undefined);
    done(null, parsed);
  };
  // The string form matches with parameters (`; charset=utf-8`); the pattern adds `application/*+json`.
  app.addContentTypeParser("application/json", { parseAs: "string" }, parse);
  app.addContentTypeParser(/^application\/[\w.-]+\+json(\s*;.*)?$/, { parseAs: "string" }, parse);
}
