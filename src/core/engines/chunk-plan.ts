export interface ChunkLimits {
  /** Most strings in one provider call. */
  maxItems: number;
  /** Most words in one provider call (a longer single string still gets its own chunk). */
  maxWords: number;
}

export const countWords = (text: string): number => text.split(/\s+/).filter(Boolean).length;

/** Splits indexes 0..n-1 into consecutive chunks that respect both limits. */
export function planChunks(texts: readonly string[], limits: ChunkLimits): number[][] {
  const chunks: number[][] = [];
  let current: number[] = [];
  let words = 0;
  texts.forEach((text, index) => {
    const size = countWords(text);
    if (current.length > 0 && (current.length >= limits.maxItems || words + size > limits.maxWords)) {
      chunks.push(current);
      current = [];
      words = 0;
    }
    current.push(index);
    words += size;
  });
  if (current.length > 0) chunks.push(current);
  return chunks;
}
