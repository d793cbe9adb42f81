import type { FastifyInstance } from "fastify";
import { AppError } from "../../core/errors/app-error.js";
import { countMultipartParts, multipartBoundary } from "../../core/limits/form-field-count.js";
import { parseForm } from "./form-body.js";
import { MAX_STRINGS_PER_REQUEST, tooManyStrings } from "./json-body.js";

const unreadable = () => AppError.invalidRequest("The multipart/form-data body could not be read.");

/**
 * `multipart/form-data` bodies of text fields, in one Fastify scope only: LibreTranslate's own
 * web page posts its `FormData` so, and tools copied from it do too. The route's `bodyLimit`
 * bounds the body before it is parsed (by the runtime's own `Response#formData`); the fields then
 * go through the same rule as a URL-encoded form (`parseForm`). A file part is refused, and so is
 * a body of more parts than a JSON body may hold strings, counted before the runtime parses it.
 */
export function registerMultipartFormBody(app: FastifyInstance): void {
  app.addContentTypeParser("multipart/form-data", { parseAs: "buffer" }, (request, body, done) => {
    const bytes = body as Buffer;
    const headers = { "content-type": request.headers["content-type"] ?? "" };
    const boundary = multipartBoundary(headers["content-type"]);
    if (boundary === null) return done(unreadable());
    if (countMultipartParts(bytes, boundary, MAX_STRINGS_PER_REQUEST) > MAX_STRINGS_PER_REQUEST)
      return done(tooManyStrings());
    new Response(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) as BodyInit, { headers })
      .formData()
      .then(
        (form) => {
          const text = new URLSearchParams();
          for (const [name, value] of form.entries()) {
            if (typeof value !== "string")
              return done(AppError.invalidRequest(`The form field ${name} is a file; only text fields are read.`));
            text.append(name, value);
          }
          const parsed = parseForm(text.toString());
          if (parsed instanceof AppError) done(parsed);
          else done(null, parsed);
        },
        () => done(unreadable()),
      );
  });
}
