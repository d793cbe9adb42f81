export interface ChunkLimits {
  /** Most strings in one provider call. */
  maxItems: number;
  /** Most words in one provider call (a longer single string still gets its own chunk). */
  maxWords: number;
}

export const countWords = (text: string): number => text.split(/\s+/).filter(Boolean).length;

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
