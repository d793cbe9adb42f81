/**
 * The header entry's fields (`Name: value` lines of its msgstr): read, and set as a new file
 * for a target language needs them (docs/cli.md#gettext-po-and-pot-files).
 */

/** The value of a header field, or undefined. */
export function headerField(header: string, name: string): string | undefined {
  for (const line of header.split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === name.toLowerCase())
      return line.slice(colon + 1).trim();
  }
  return undefined;
}

/** The header with these fields set: replaced where present, appended where absent; other lines kept. */
export function withHeaderFields(header: string, fields: Readonly<Record<string, string>>): string {
  const pending = new Map(Object.entries(fields));
  const lines = header.split("\n");
  const trailing = lines[lines.length - 1] === "" ? lines.pop() : undefined;
  const out = lines.map((line) => {
    const colon = line.indexOf(":");
    if (colon <= 0) return line;
    const name = [...pending.keys()].find((key) => key.toLowerCase() === line.slice(0, colon).trim().toLowerCase());
    if (name === undefined) return line;
    const value = pending.get(name)!;
    pending.delete(name);
    return `${name}: ${value}`;
  });
  for (const [name, value] of pending) out.push(`${name}: ${value}`);
  return out.join("\n") + (trailing !== undefined ? "\n" : "");
}

/** gettext's spelling of a BCP-47 locale in `Language:` and file names: pt-BR → pt_BR, sr-Latn → sr@latin. */
export function gettextLanguage(locale: string): string {
  const [language, ...rest] = locale.split("-");
  const region = rest.find((part) => /^([A-Z]{2}|\d{3})$/.test(part));
  const script = rest.find((part) => /^[A-Z][a-z]{3}$/.test(part));
  return `${language}${region ? `_${region}` : ""}${script === "Latn" ? "@latin" : ""}`;
}

/** The charset a header declares (`Content-Type: text/plain; charset=UTF-8`), or undefined. */
export function headerCharset(header: string): string | undefined {
  return /charset=([^\s;]+)/i.exec(headerField(header, "Content-Type") ?? "")?.[1];
}
