const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export const BASE62_PATTERN = /^[0-9A-Za-z]*$/;

/** Encodes a non-negative integer, left-padded with "0" to `width` characters. */
export function encodeBase62(value: number, width: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError("base62 needs a non-negative safe integer");
  let out = "";
  let rest = value;
  do {
    out = ALPHABET[rest % 62] + out;
    rest = Math.floor(rest / 62);
  } while (rest > 0);
  if (out.length > width) throw new RangeError(`${value} does not fit in ${width} base62 characters`);
  return out.padStart(width, "0");
}

/**
 * Maps random bytes to base62 characters without modulo bias: bytes >= 248 (4 * 62)
 * are skipped. Returns fewer than `length` characters when the bytes run out, so callers
 * pass more bytes than they need (see `randomBase62`).
 */
export function bytesToBase62(bytes: Uint8Array, length: number): string {
  let out = "";
  for (const byte of bytes) {
    if (out.length === length) break;
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}
