import { parsePluralExpression, type PluralExpression } from "./plural-expression.js";
import { GETTEXT_PLURAL_FORMS } from "./plural-forms-table.js";

/** A catalogue's `Plural-Forms`: how many forms, and which form a number takes. */
export interface PluralForms {
  /** As written in the header (`nplurals=3; plural=…;`). */
  text: string;
  nplurals: number;
  evaluate: PluralExpression;
}

export type PluralFormsResult = { ok: true; forms: PluralForms } | { ok: false; message: string };

/** gettext handles any count; no language needs more than six. */
const MAX_NPLURALS = 10;

/** Reads a `Plural-Forms` value; the message says what is wrong with it. */
export function parsePluralForms(text: string): PluralFormsResult {
  const trimmed = text.trim();
  const match = /^nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;]*?)\s*;?\s*$/.exec(trimmed);
  if (!match)
    return { ok: false, message: `"${trimmed.slice(0, 200)}" is not "nplurals=<count>; plural=<expression>;"` };
  const nplurals = Number(match[1]);
  if (nplurals < 1 || nplurals > MAX_NPLURALS)
    return { ok: false, message: `nplurals=${nplurals} is not between 1 and ${MAX_NPLURALS}` };
  const expression = parsePluralExpression(match[2]!);
  if (!expression.ok) return { ok: false, message: `its plural expression cannot be read: ${expression.message}` };
  return { ok: true, forms: { text: trimmed, nplurals, evaluate: expression.evaluate } };
}

/** gettext's own Plural-Forms for a BCP-47 locale (`pt-BR` → pt_BR, else pt), or undefined. */
export function gettextPluralForms(locale: string): string | undefined {
  const [language, ...rest] = locale.split("-");
  const region = rest.find((part) => /^[A-Z]{2}$/.test(part));
  const candidates = [region ? `${language}_${region}` : undefined, language].filter(Boolean) as string[];
  for (const candidate of candidates)
    if (Object.hasOwn(GETTEXT_PLURAL_FORMS, candidate)) return GETTEXT_PLURAL_FORMS[candidate];
  return undefined;
}

/** The numbers each gettext index is tried on: enough to see every rule's period (n % 100). */
const SAMPLE_LIMIT = 1000;

export type IndexCategories = { ok: true; categories: string[] } | { ok: false; message: string };

/**
 * The CLDR category of each gettext form: the category (`Intl.PluralRules(locale)`) most of the
 * numbers 0–1000 that take that form have. Every index must be taken by some number and every
 * number must give an index below nplurals; the message says which is not.
 */
export function indexCategories(forms: PluralForms, locale: string): IndexCategories {
  const rules = new Intl.PluralRules(locale);
  const counts = Array.from({ length: forms.nplurals }, () => new Map<string, number>());
  for (let n = 0; n <= SAMPLE_LIMIT; n++) {
    const index = forms.evaluate(n);
    if (!Number.isInteger(index) || index < 0 || index >= forms.nplurals)
      return { ok: false, message: `for n=${n} it gives form ${index}, not one of 0–${forms.nplurals - 1}` };
    const category = rules.select(n);
    counts[index]!.set(category, (counts[index]!.get(category) ?? 0) + 1);
  }
  const categories: string[] = [];
  for (const [index, byCategory] of counts.entries()) {
    const best = [...byCategory].sort((a, b) => b[1] - a[1])[0];
    if (!best) return { ok: false, message: `no number from 0 to ${SAMPLE_LIMIT} takes form ${index}` };
    categories.push(best[0]);
  }
  return { ok: true, categories };
}
