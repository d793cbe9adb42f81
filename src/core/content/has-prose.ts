import { splitProtected } from "./protected-segments.js";

const PROSE_WORD = /\p{L}{3,}/u;

/**
 * A string has prose when its translatable text (outside placeholders, tags and other protected
 * tokens) holds a word of three or more letters: an engine that returns it unchanged has most
 * likely not translated it ("OK", "%s: %s" or "{count}" may rightly come back as they are).
 */
export function hasProse(text: string): boolean {
  return splitProtected(text).some((segment) => segment.kind === "text" && PROSE_WORD.test(segment.value));
}
