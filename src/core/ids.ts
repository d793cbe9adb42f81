import { randomBase62 } from "./keys/random.js";

export type IdPrefix = "usr" | "org" | "rol" | "eng" | "key" | "aud";

/** Public, non-secret identifiers such as `key_4f9…`: a type prefix and 20 base62 characters. */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(20)}`;
}
