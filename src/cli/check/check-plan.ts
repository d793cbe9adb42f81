/**
 * What `glossa check` checks: the pairs of a PO catalogue (msgid against msgstr, each plural form
 * against its source) or of a JSON pair (the target file's strings against the source file's at
 * the same place), each with a place to show. Pure.
 */
import type { QualityCheck } from "../../contract/process.js";
import type { JsonValue } from "../../core/content/walk-strings.js";
import { pairTranslations } from "../../core/quality/pair-translations.js";
import type { PoCatalogue } from "./po-catalogue.js";

export interface PlannedPair {
  path: (string | number)[];
  source: string;
  translation: string;
  /** Where to find it: `file.po:123` or the JSON key path. */
  where: string;
  /** Findings the plan itself makes (a plural entry with the wrong number of forms). */
  findings?: QualityCheck[];
  /** The entry says its strings are not printf formats (`no-c-format`): no `printf` findings for it. */
  noPrintf?: boolean;
}

/**
 * The translated entries of a catalogue (fuzzy and untranslated ones are not translations yet).
 * Form 0 of a plural entry is checked against `msgid`, the others against `msgid_plural`; a
 * language with one form only has it checked against `msgid_plural`.
 */
export function poPairs(file: string, catalogue: PoCatalogue): PlannedPair[] {
  const pairs: PlannedPair[] = [];
  for (const entry of catalogue.entries) {
    if (entry.flags.includes("fuzzy") || entry.translations.every((t) => t === "")) continue;
    const base = entry.context === undefined ? [entry.source] : [entry.context, entry.source];
    const where = `${file}:${entry.line}`;
    const noPrintf = entry.flags.includes("no-c-format");
    if (entry.sourcePlural === undefined) {
      pairs.push({ path: base, source: entry.source, translation: entry.translations[0]!, where, noPrintf });
      continue;
    }
    const forms = entry.translations;
    const expected = catalogue.pluralCount;
    const findings: QualityCheck[] =
      expected !== null && forms.length !== expected
        ? [
            {
              path: base,
              check: "plural-forms",
              severity: "error",
              message: `The entry has ${forms.length} plural form(s); the catalogue's Plural-Forms says ${expected}.`,
            },
          ]
        : [];
    forms.forEach((translation, index) => {
      const source = index === 0 && (expected ?? forms.length) > 1 ? entry.source : entry.sourcePlural!;
      pairs.push({
        path: [...base, index],
        source,
        translation,
        where: `${where} [${index}]`,
        noPrintf,
        ...(index === 0 && findings.length > 0 ? { findings } : {}),
      });
    });
  }
  return pairs;
}

/** The JSON pair: every string of the target against the source's at the same place, or the places the source lacks. */
export function jsonPairs(
  source: JsonValue,
  target: JsonValue,
): { ok: true; pairs: PlannedPair[] } | { ok: false; missing: string[] } {
  if (!isObject(source) || !isObject(target)) return { ok: false, missing: ["/ (both files must hold a JSON object)"] };
  const pairing = pairTranslations(source, target);
  if (!pairing.ok)
    return { ok: false, missing: pairing.errors.map((error) => error.path.replace(/^\/translations/, "")) };
  return {
    ok: true,
    pairs: pairing.pairs.map((pair) => ({ ...pair, path: [...pair.path], where: pair.path.join(".") })),
  };
}

const isObject = (value: JsonValue): value is Record<string, JsonValue> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
