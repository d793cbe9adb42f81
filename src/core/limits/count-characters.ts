/**
 * Characters of the strings of a request, as the monthly quota counts them (docs/usage-and-limits.md): Unicode
 * code points, so that an emoji or a CJK extension character counts once.
 */
export function countCharacters(leaves: readonly { value: string }[]): number {
  let total = 0;
  for (const { value } of leaves) {
    total += value.length;
    for (let i = 0; i < value.length; i++) {
      const code = value.charCodeAt(i);
      // A high surrogate followed by a low one is one code point in two UTF-16 units.
      if (code >= 0xd800 && code <= 0xdbff && i + 1 < value.length) {
        const next = value.charCodeAt(i + 1);
        if (next >= 0xdc00 && next <= 0xdfff) {
          total -= 1;
          i += 1;
        }
      }
    }
  }
  return total;
}
