import type { FastifyInstance } from "fastify";
import { AppError } from "../../core/errors/app-error.js";
import { countUrlencodedFields } from "../../core/limits/form-field-count.js";
import { MAX_STRINGS_PER_REQUEST, tooManyStrings } from "./json-body.js";

/** A form body: a field sent once is a string, a field sent several times (DeepL's `text`) an array. */
export type FormFields = Record<string, string | string[]>;

/**
 * Parses `application/x-www-form-urlencoded` text; `__proto__` and U+0000 are refused like in JSON
 * bodies, and so is a form of more fields than a JSON body may hold strings (counted before any is built).
 */
export function parseForm(text: string): FormFields | AppError {
  if (countUrlencodedFields(text, MAX_STRINGS_PER_REQUEST) > MAX_STRINGS_PER_REQUEST) return tooManyStrings();
  const fields: FormFields = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (name === "__proto__" || name.includes("\0") || value.includes("\0"))
      return AppError.invalidRequest("The form body holds a field name or value no field accepts.", [
        { path: "/", message: "contains U+0000 or __proto__" },
      ]);
    const previous = fields[name];
    if (previous === undefined) fields[name] = value;
    else if (Array.isArray(previous)) previous.push(value);
    else fields[name] = [previous, value];
  }
  return fields;
}

/**
 * Form bodies, in one Fastify scope only (the compatible APIs: DeepL's clients and LibreTranslate's
 * callers send forms). The route's `bodyLimit` bounds the text before it is parsed.
 */
export function registerFormBody(app: FastifyInstance): void {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    const parsed = parseForm(typeof body === "string" ? body : body.toString("utf8"));
    if (parsed instanceof AppError) done(parsed, undefined);
    else done(null, parsed);
  });
}
