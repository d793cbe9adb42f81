import { isWhitespaceAt } from "../content/whitespace.js";

export interface ChunkLimits {
  /** Most strings in one provider call. */
  maxItems: number;
  /** Most words in one provider call (a longer single string still gets its own chunk). */
  maxWords: number;
}

/** Runs of non-whitespace, counted without splitting the text. */
export function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = isWhitespaceAt(text, i);
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}

/** Splits `items` into consecutive chunks that respect both limits, counting the words of `textOf(item)`. */
export function planChunks<T>(items: readonly T[], textOf: (item: T) => string, limits: ChunkLimits): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let words = 0;
  for (const item of items) {
    const size = countWords(textOf(item));
    if (current.length > 0 && (current.length >= limits.maxItems || words + size > limits.maxWords)) {
      chunks.push(current);
      current = [];
      words = 0;
    }
    current.push(item);
    words += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
