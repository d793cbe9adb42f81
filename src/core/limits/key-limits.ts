import type { CharacterCount } from "./monthly-characters.js";
import type { RateLimitPolicy } from "./rate-window.js";

/** A key's limits as the key lookup reads them (docs/usage-and-limits.md). */
export interface KeyLimits {
  rateLimit: RateLimitPolicy | null;
  organizationCharacters: CharacterCount;
  keyCharacters: CharacterCount;
}
