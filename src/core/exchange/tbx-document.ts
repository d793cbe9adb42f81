import type { TbxDialect } from "../../contract/exchange.js";
import type { GlossaryItem } from "../engines/glossary-item.js";
import { xmlEscape } from "./xml-text.js";

const ANY_LOCALE = "und";

/**
 * A glossary as a TBX document (ISO 30042:2019, DCA style), one concept entry per item: the
 * term in its source language (`und` when the item applies to any), the translation — or, for a
 * non-translatable term, the term itself — in its target language. TBX-Basic adds the
 * administrative status (`preferredTerm-admn-sts`) and notes: "Do not translate." for a
 * non-translatable item, "Case-sensitive." when the item is; TBX-Core carries terms only.
 */
export function tbxDocument(items: readonly GlossaryItem[], dialect: TbxDialect, title: string): string {
  const basic = dialect === "basic";
  const termSec = (term: string, notes: string[]) =>
    `<termSec><term>${xmlEscape(term)}</term>` +
    (basic ? `<termNote type="administrativeStatus">preferredTerm-admn-sts</termNote>` : "") +
    (basic ? notes.map((note) => `<note>${xmlEscape(note)}</note>`).join("") : "") +
    `</termSec>`;
  const langSec = (locale: string | undefined, term: string, notes: string[]) =>
    `<langSec xml:lang="${xmlEscape(locale ?? ANY_LOCALE)}">${termSec(term, notes)}</langSec>`;
  const entries = items.map((item, index) => {
    const notes = [
      ...(item.type === "non_translatable" ? ["Do not translate."] : []),
      ...(item.caseSensitive ? ["Case-sensitive."] : []),
    ];
    const target = item.type === "custom_translation" ? item.translation : item.term;
    // A non-translatable term for any target is one language section; TBX-Core, without notes, repeats it under `und`.
    const targetSec =
      item.type === "non_translatable" && item.targetLocale === undefined && basic
        ? ""
        : langSec(item.targetLocale, target, []);
    return `<conceptEntry id="c${index + 1}">${langSec(item.sourceLocale, item.term, notes)}${targetSec}</conceptEntry>\n`;
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<tbx type="${basic ? "TBX-Basic" : "TBX-Core"}" style="dca" xml:lang="en" xmlns="urn:iso:std:iso:30042:ed-2">\n` +
    `<tbxHeader><fileDesc><sourceDesc><p>${xmlEscape(title)}</p></sourceDesc></fileDesc></tbxHeader>\n` +
    `<text><body>\n${entries.join("")}</body></text>\n</tbx>\n`
  );
}
