import type { XmlLimits } from "./xml-reader.js";

/**
 * Bounds of an imported TMX or TBX file: 1 GiB in all (it is streamed, never held in memory),
 * and 1 MiB characters of text or markup between two `<` (one segment, attribute list or
 * comment), past which the file is refused as hostile or broken.
 */
export const EXCHANGE_LIMITS: XmlLimits = {
  maxBytes: 1024 * 1024 * 1024,
  maxTokenCharacters: 1024 * 1024,
};
