/**
 * Counting a form's fields before parsing it (docs/security.md, "Strings per call"): a form body
 * is held to the strings-per-call cap of JSON bodies by counting its separators, one scan of the
 * bytes, so that a body over the cap is refused without building one string per field.
 */

/** Fields of an `application/x-www-form-urlencoded` text: its `&`-separated pieces, counted up to `max + 1`. */
export function countUrlencodedFields(text: string, max: number): number {
  let fields = text.length > 0 ? 1 : 0;
  for (let at = text.indexOf("&"); at !== -1 && fields <= max; at = text.indexOf("&", at + 1)) fields++;
  return fields;
}

/**
 * Parts of a `multipart/form-data` body: its delimiter lines (`--boundary`) less the closing one,
 * counted up to `max + 1`. An over-count (a delimiter-like run inside a value) only refuses earlier.
 */
export function countMultipartParts(body: Uint8Array, boundary: string, max: number): number {
  const delimiter = Buffer.from(`--${boundary}`, "latin1");
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  let delimiters = 0;
  for (
    let at = bytes.indexOf(delimiter);
    at !== -1 && delimiters <= max + 1;
    at = bytes.indexOf(delimiter, at + delimiter.length)
  )
    delimiters++;
  return Math.max(0, delimiters - 1);
}

/** The `boundary` parameter of a multipart content type, quoted or not. */
export function multipartBoundary(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]!) : null;
}
