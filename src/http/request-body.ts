import { StringDecoder } from "node:string_decoder";
import type { Readable } from "node:stream";
import { errorCodes, type FastifyRequest } from "fastify";

/**
 * Takes the body's next decoded text. A promise holds reading until it settles (backpressure); a
 * rejection, or a throw, stops reading and is what the read rejects with.
 */
export type BodyTextSink = (text: string) => void | Promise<void>;

interface PayloadLengths {
  /** Set by a decompressing `preParsing` stream: the bytes received before decoding. */
  receivedEncodedLength?: number;
}

/**
 * Reads a request body as UTF-8 text chunk by chunk (a character split between chunks is kept
 * whole), handing each piece to `sink` as it arrives, with the refusals Fastify's own reader makes
 * (so answers stay the same): a Content-Length over the route's body limit at once, and a body
 * that passes the limit as soon as it does (`FST_ERR_CTP_BODY_TOO_LARGE`); a body that ends short
 * of or past its Content-Length (`FST_ERR_CTP_INVALID_CONTENT_LENGTH`); a broken stream, 400.
 * Resolves once the whole body has been read and the sink has taken it.
 */
export function readBodyText(request: FastifyRequest, payload: Readable, sink: BodyTextSink): Promise<void> {
  return new Promise((resolve, reject) => {
    const limit = request.routeOptions.bodyLimit ?? Infinity;
    const contentLength = Number(request.headers["content-length"]);
    if (contentLength > limit) return reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());

    const decoder = new StringDecoder("utf8");
    let received = 0;
    let settled = false;
    /** The sink's promise for the last piece, while it holds reading. */
    let pending: Promise<void> | undefined;

    const stopListening = () => {
      payload.removeListener("data", onData);
      payload.removeListener("end", onEnd);
      payload.removeListener("error", onError);
    };
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      stopListening();
      reject(error as Error);
    };
    const deliver = (text: string) => {
      if (text === "" || settled) return;
      let taken: void | Promise<void>;
      try {
        taken = sink(text);
      } catch (error) {
        return fail(error);
      }
      if (!taken) return;
      payload.pause();
      pending = taken.then(() => {
        pending = undefined;
        if (!settled) payload.resume();
      }, fail);
    };

    function onData(chunk: Buffer | string) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      const { receivedEncodedLength = 0 } = payload as Readable & PayloadLengths;
      // The decoded body must not pass the limit either (a decompressing stream: "zip bomb").
      if (received > limit || receivedEncodedLength > limit) return fail(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      deliver(decoder.write(bytes));
    }
    function onEnd() {
      stopListening();
      const finish = () => {
        if (settled) return;
        const { receivedEncodedLength } = payload as Readable & PayloadLengths;
        if (!Number.isNaN(contentLength) && (receivedEncodedLength || received) !== contentLength)
          return fail(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
        deliver(decoder.end());
        void (pending ?? Promise.resolve()).then(() => {
          if (settled) return;
          settled = true;
          resolve();
        });
      };
      if (pending) void pending.then(finish);
      else finish();
    }
    function onError(error: Error & { statusCode?: number }) {
      if (!(typeof error.statusCode === "number" && error.statusCode >= 400)) error.statusCode = 400;
      fail(error);
    }

    payload.on("data", onData);
    payload.on("end", onEnd);
    payload.on("error", onError);
    payload.resume();
  });
}
