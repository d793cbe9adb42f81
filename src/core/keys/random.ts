import { randomBytes } from "node:crypto";
import { bytesToBase62 } from "./base62.js";

/** `length` uniformly distributed base62 characters from the OS CSPRNG. */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    out += bytesToBase62(randomBytes(length + 8), length - out.length);
  }
  return out;
}
