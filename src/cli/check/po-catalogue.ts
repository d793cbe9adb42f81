/**
 * The little of gettext's PO format `glossa check` needs: entries with their context, source,
 * plural source, translations and flags, and the line each starts on. Obsolete entries (`#~`) and
 * the header's own entry are left out; the header's `Language` and `Plural-Forms` are read. Pure.
 * (`glossa localize` has a full PO reader and writer of its own for writing catalogues.)
 */

export interface PoCatalogueEntry {
  context?: string;
  source: string;
  sourcePlural?: string;
  /** `msgstr`, or `msgstr[0]…` in order. */
  translations: string[];
  flags: string[];
  /** 1-based line of the entry's first line (its comments or flags). */
  line: number;
}

export interface PoCatalogue {
  language: string | null;
  /** `nplurals` of the header's `Plural-Forms`, when it has one. */
  pluralCount: number | null;
  entries: PoCatalogueEntry[];
}

const ESCAPES: Readonly<Record<string, string>> = {
  n: "\n",
  t: "\t",
  r: "\r",
  '"': '"',
  "\\": "\\",
  a: "\x07",
  b: "\b",
  f: "\f",
  v: "\v",
};

function unquote(literal: string): string {
  const body = literal.trim().replace(/^"|"$/g, "");
  return body.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_match, code: string) => {
    if (code.startsWith("x") && code.length > 1) return String.fromCharCode(parseInt(code.slice(1), 16));
    if (/^[0-7]+$/.test(code)) return String.fromCharCode(parseInt(code, 8));
    return ESCAPES[code] ?? code;
  });
}

const KEYWORD = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")\s*$/;

export function readPoCatalogue(text: string): PoCatalogue {
  const entries: PoCatalogueEntry[] = [];
  let header: string | null = null;
  let current: Partial<PoCatalogueEntry> & { translations: string[]; flags: string[] } = {
    translations: [],
    flags: [],
  };
  let field: { name: string; index: number } | null = null;
  let started: number | null = null;
  const finish = () => {
    if (current.source !== undefined) {
      if (current.source === "" && current.context === undefined) header ??= current.translations[0] ?? "";
      else entries.push({ ...current, source: current.source, line: started ?? 1 });
    }
    current = { translations: [], flags: [] };
    field = null;
    started = null;
  };
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === "") {
      if (current.source !== undefined) finish();
      return;
    }
    if (line.startsWith("#~")) return;
    if (line.startsWith("#")) {
      if (current.source !== undefined) finish();
      started ??= index + 1;
      if (line.startsWith("#,"))
        current.flags.push(
          ...line
            .slice(2)
            .split(",")
            .map((flag) => flag.trim())
            .filter(Boolean),
        );
      return;
    }
    const keyword = KEYWORD.exec(line);
    if (keyword) {
      const [, name, plural, literal] = keyword as unknown as [string, string, string | undefined, string];
      if ((name === "msgctxt" || (name === "msgid" && current.context === undefined)) && current.source !== undefined)
        finish();
      started ??= index + 1;
      const value = unquote(literal);
      if (name === "msgctxt") current.context = value;
      else if (name === "msgid") current.source = value;
      else if (name === "msgid_plural") current.sourcePlural = value;
      else current.translations[plural === undefined ? 0 : Number(plural)] = value;
      field = { name: name.startsWith("msgstr") ? "msgstr" : name, index: plural === undefined ? 0 : Number(plural) };
      return;
    }
    if (line.startsWith('"') && field) {
      const more = unquote(line);
      if (field.name === "msgctxt") current.context = (current.context ?? "") + more;
      else if (field.name === "msgid") current.source = (current.source ?? "") + more;
      else if (field.name === "msgid_plural") current.sourcePlural = (current.sourcePlural ?? "") + more;
      else current.translations[field.index] = (current.translations[field.index] ?? "") + more;
    }
  });
  finish();
  const headerField = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "mi").exec(header ?? "")?.[1]?.trim() ?? null;
  const plurals = /nplurals\s*=\s*(\d+)/.exec(headerField("Plural-Forms") ?? "");
  return {
    language: headerField("Language") || null,
    pluralCount: plurals ? Number(plurals[1]) : null,
    entries: entries.map((entry) => ({ ...entry, translations: Array.from(entry.translations, (t) => t ?? "") })),
  };
}
