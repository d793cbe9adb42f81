import { SaxesParser } from "saxes";
import { AppError } from "../../core/errors/app-error.js";

/** What a format reader does with the events of one document. */
export interface XmlHandler {
  open(name: string, attributes: Readonly<Record<string, string>>): void;
  close(name: string): void;
  text(text: string): void;
}

export interface XmlLimits {
  /** Most bytes of a whole file (413 past it). */
  maxBytes: number;
  /** Most characters between two `<`: bounds one text run, attribute list, comment or CDATA section. */
  maxTokenCharacters: number;
}

/** Characters before the root element (XML declaration, comments, a DOCTYPE). */
const MAX_PROLOG_CHARACTERS = 64 * 1024;
const MAX_DEPTH = 64;
/** Characters handed to the parser at once. */
const FEED_SLICE = 16 * 1024;
const ENTITY_DECLARATION = /<!ENTITY/i;
/** An external identifier naming a location with a scheme (`file:`, `http:`): never a plain DTD file name. */
const EXTERNAL_LOCATION = /\b(?:SYSTEM|PUBLIC)\b[^[]*?["'][a-z][a-z0-9+.-]*:/i;

/** A refusal (400) that says where in the file the problem is. */
export function refusedAt(parser: { line: number; column: number }, reason: string): AppError {
  const where = `line ${parser.line}, column ${parser.column}`;
  return AppError.invalidRequest(`The file was refused: ${reason} (${where}).`, [
    { path: "/", message: `${where}: ${reason}` },
  ]);
}

/** The encoding a byte-order mark names; UTF-8 without one (XML's default). */
function decoderFor(first: Uint8Array): TextDecoder {
  if (first[0] === 0xff && first[1] === 0xfe) return new TextDecoder("utf-16le");
  if (first[0] === 0xfe && first[1] === 0xff) return new TextDecoder("utf-16be");
  return new TextDecoder("utf-8", { fatal: true });
}

/**
 * Streams an XML document through a maintained SAX parser (saxes) into `handler`, calling
 * `drain` after every chunk (`handlerFor` gets a way to refuse the file at the current position) so that the reader can write what it collected before the next
 * chunk is read: memory stays bounded whatever the file's size. Refused with 400: a DOCTYPE
 * that declares entities or names an external location (nothing is ever fetched, and saxes
 * expands no entity but the five XML predefines), malformed XML (with its line and column), a
 * run of text or markup longer than `maxTokenCharacters`, a prolog longer than 64 KiB or
 * nesting deeper than 64. 413 past `maxBytes`.
 */
export async function readXml(
  body: AsyncIterable<Uint8Array | string>,
  handlerFor: (refuse: (reason: string) => AppError) => XmlHandler,
  limits: XmlLimits,
  drain: () => Promise<void>,
): Promise<void> {
  const parser = new SaxesParser({ position: true });
  const handler = handlerFor((reason) => refusedAt(parser, reason));
  let depth = 0;
  let sawRoot = false;
  let decoder: TextDecoder | null = null;
  let bytes = 0;
  let characters = 0;
  let sinceMarkup = 0;
  parser.on("error", (error) => {
    const message = error.message.replace(/^\d+:\d+: /, "");
    throw refusedAt(parser, `the XML is not well-formed: ${message}`);
  });
  parser.on("doctype", (doctype) => {
    if (ENTITY_DECLARATION.test(doctype)) throw refusedAt(parser, "a DOCTYPE that declares entities is not accepted");
    if (EXTERNAL_LOCATION.test(doctype))
      throw refusedAt(parser, "a DOCTYPE that names an external location is not accepted");
  });
  parser.on("opentag", (tag) => {
    sawRoot = true;
    if (++depth > MAX_DEPTH) throw refusedAt(parser, `elements nest deeper than ${MAX_DEPTH} levels`);
    handler.open(tag.name, tag.attributes as Record<string, string>);
  });
  parser.on("closetag", (tag) => {
    depth--;
    handler.close(tag.name);
  });
  parser.on("text", (text) => handler.text(text));
  parser.on("cdata", (text) => handler.text(text));

  const feed = (text: string) => {
    characters += text.length;
    if (!sawRoot && characters > MAX_PROLOG_CHARACTERS)
      throw refusedAt(parser, `more than ${MAX_PROLOG_CHARACTERS} characters before the root element`);
    let from = 0;
    for (let at = text.indexOf("<"); at !== -1; at = text.indexOf("<", at + 1)) {
      if (sinceMarkup + (at - from) > limits.maxTokenCharacters) break;
      sinceMarkup = 0;
      from = at;
    }
    sinceMarkup += text.length - from;
    if (sinceMarkup > limits.maxTokenCharacters)
      throw refusedAt(
        parser,
        `a text, attribute list or comment is longer than ${limits.maxTokenCharacters} characters (a segment that long is not accepted)`,
      );
    parser.write(text);
  };

  for await (const chunk of body) {
    const data = typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk;
    bytes += data.byteLength;
    if (bytes > limits.maxBytes)
      throw new AppError(
        "payload_too_large",
        `The file is larger than ${limits.maxBytes} bytes, this server's limit for imports.`,
      );
    decoder ??= decoderFor(data);
    let text: string;
    try {
      text = decoder.decode(data, { stream: true });
    } catch {
      throw refusedAt(parser, "the file is not valid UTF-8 (or UTF-16 with a byte-order mark)");
    }
    // In slices, so that the limits see the same positions whatever the size of the chunks.
    for (let at = 0; at < text.length; at += FEED_SLICE) feed(text.slice(at, at + FEED_SLICE));
    await drain();
  }
  if (decoder) feed(decoder.decode());
  if (!sawRoot) throw refusedAt(parser, "the file holds no XML element");
  parser.close();
  await drain();
}
