/** One glossary entry as the engine configuration holds it (src/core/engines/engine-config.ts). */
export interface GlossaryRow {
  type: "custom_translation" | "non_translatable";
  term: string;
  translation?: string;
  sourceLocale?: string;
  targetLocale?: string;
  caseSensitive?: boolean;
}

export const GLOSSARY_CSV_HEADER = "term,type,translation,sourceLocale,targetLocale,caseSensitive";

const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function glossaryToCsv(rows: readonly GlossaryRow[]): string {
  const lines = rows.map((row) =>
    [
      row.term,
      row.type,
      row.translation ?? "",
      row.sourceLocale ?? "",
      row.targetLocale ?? "",
      row.caseSensitive ? "true" : "",
    ]
      .map(cell)
      .join(","),
  );
  return [GLOSSARY_CSV_HEADER, ...lines].join("\r\n") + "\r\n";
}

/** RFC 4180 records: quoted fields may hold commas, quotes ("") and line breaks. */
function records(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[index + 1] === "\n") index++;
      row.push(field);
      out.push(row);
      row = [];
      field = "";
    } else field += char;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    out.push(row);
  }
  return out.filter((fields) => fields.some((value) => value.trim() !== ""));
}

/**
 * Reads a glossary CSV (the header names the columns; `term` is required, `type` defaults to a
 * custom translation when a translation is given). Returns the rows, or the problems in words.
 */
export function glossaryFromCsv(text: string): { ok: true; rows: GlossaryRow[] } | { ok: false; errors: string[] } {
  const [header, ...body] = records(text.replace(/^\uFEFF/, ""));
  if (!header) return { ok: false, errors: ["The file is empty."] };
  const columns = header.map((name) => name.trim());
  const at = (fields: string[], name: string) => {
    const index = columns.indexOf(name);
    return index === -1 ? "" : (fields[index] ?? "").trim();
  };
  if (!columns.includes("term"))
    return { ok: false, errors: ['The first line must name the columns, with a "term" column.'] };
  const errors: string[] = [];
  const rows = body.map((fields, index): GlossaryRow => {
    const line = index + 2;
    const term = at(fields, "term");
    const translation = at(fields, "translation");
    const typeText = at(fields, "type") || (translation ? "custom_translation" : "non_translatable");
    if (!term) errors.push(`Line ${line}: the term is empty.`);
    if (typeText !== "custom_translation" && typeText !== "non_translatable")
      errors.push(`Line ${line}: the type must be custom_translation or non_translatable, not "${typeText}".`);
    if (typeText === "custom_translation" && !translation)
      errors.push(`Line ${line}: a custom translation needs a translation.`);
    const row: GlossaryRow = {
      type: typeText === "non_translatable" ? "non_translatable" : "custom_translation",
      term,
    };
    if (row.type === "custom_translation") row.translation = translation;
    const source = at(fields, "sourceLocale");
    const target = at(fields, "targetLocale");
    if (source) row.sourceLocale = source;
    if (target) row.targetLocale = target;
    if (at(fields, "caseSensitive") === "true") row.caseSensitive = true;
    return row;
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rows };
}
