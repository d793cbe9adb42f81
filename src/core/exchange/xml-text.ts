/** Escapes text for XML character data and attribute values (quotes included). */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => (ch === "&" ? "&amp;" : ch === "<" ? "&lt;" : ch === ">" ? "&gt;" : "&quot;"));
}

/**
 * Characters XML 1.0 cannot carry at all (C0 controls but tab, line feed and carriage return;
 * lone surrogates; U+FFFE/U+FFFF). A string holding one cannot be exported as it is.
 */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isXmlText = (text: string): boolean => !NOT_XML.test(text);
