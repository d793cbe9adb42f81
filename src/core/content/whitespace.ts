const WHITESPACE = /\s/;

/** Whether the UTF-16 code unit at `at` is whitespace as `\s` means it; ASCII without a regular expression. */
export function isWhitespaceAt(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return WHITESPACE.test(text[at]!);
}
