/**
 * `compute` remembered for the strings of at most `maxLength` characters it was recently asked
 * about: a localize call splits each source and answer in the output check, the post-edits and
 * the quality report, one after the other, and a string's split is the same each time. Two
 * generations of up to `capacity` strings each: when the newer is full it becomes the older and
 * the older is forgotten, so memory stays bounded (2 × capacity × maxLength) whatever the traffic,
 * at no cost per call (a Map that evicts its oldest key one by one walks over its deleted keys).
 * Only for pure functions whose results nobody mutates: they are shared with every caller.
 */
export function rememberRecent<T>(
  compute: (text: string) => T,
  limits: { capacity: number; maxLength: number },
): (text: string) => T {
  let newer = new Map<string, T>();
  let older = new Map<string, T>();
  return (text) => {
    const known = newer.get(text) ?? older.get(text);
    if (known !== undefined) return known;
    const result = compute(text);
    if (text.length > limits.maxLength) return result;
    if (newer.size >= limits.capacity) {
      older = newer;
      newer = new Map();
    }
    newer.set(text, result);
    return result;
  };
}

/**
 * `compute` remembered for the last two strings it was asked about: the checks of a quality
 * report read a pair's source and translation in turn, and nothing else in between.
 */
export function rememberLastTwo<T>(compute: (text: string) => T): (text: string) => T {
  let newer: { text: string; result: T } | undefined;
  let older: { text: string; result: T } | undefined;
  return (text) => {
    if (newer?.text === text) return newer.result;
    if (older?.text === text) return older.result;
    older = newer;
    newer = { text, result: compute(text) };
    return newer.result;
  };
}
