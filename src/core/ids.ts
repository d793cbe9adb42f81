import type { Id, IdPrefix } from "../contract/ids.js";
import { randomBase62 } from "./keys/random.js";

/** A new public, non-secret identifier such as `key_4f9…`: its type prefix and 20 base62 characters. */
export function newId<Prefix extends IdPrefix>(prefix: Prefix): Id<Prefix> {
  return `${prefix}_${randomBase62(20)}`;
}
