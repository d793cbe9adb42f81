import { configFingerprint } from "../../core/engines/fingerprint.js";
import { tmxSegment } from "../../core/exchange/tmx-inline.js";
import { groupEntries, type ExportUnit, type MemoryEntry } from "../../core/exchange/tmx-group.js";
import { isXmlText, xmlEscape } from "../../core/exchange/xml-text.js";
import { pageOfTranslations } from "../../storage/repositories/translation-memory-import.js";
import type { Sql } from "../../storage/sql.js";
import { audit } from "../management/audit.js";
import type { EngineScope } from "../management/engines.js";
import { inOrg } from "../management/in-org.js";
import { exchangeEngine } from "./engine-access.js";

const PAGE = 1000;

/** TMX's date format: `20261126T183000Z`. */
const tmxDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** A `<tu>`: the source `<tuv>`, then one per target locale, each with the date it was stored. */
function unitOf(unit: ExportUnit): string {
  const latest = new Date(Math.max(...unit.targets.map((target) => target.createdAt.getTime())));
  return (
    `<tu srclang="${xmlEscape(unit.sourceLocale)}" creationdate="${tmxDate(latest)}">` +
    `<tuv xml:lang="${xmlEscape(unit.sourceLocale)}"><seg>${tmxSegment(unit.sourceText)}</seg></tuv>` +
    unit.targets
      .map(
        (target) =>
          `<tuv xml:lang="${xmlEscape(target.locale)}" creationdate="${tmxDate(target.createdAt)}"><seg>${tmxSegment(target.text)}</seg></tuv>`,
      )
      .join("") +
    `</tu>\n`
  );
}

/**
 * An engine's translation memory as a TMX 1.4b document, produced page by page (1000 entries
 * per query) as the client reads it: the entries of the engine's current configuration, one
 * `<tu>` per source string with its `srclang` and a `<tuv>` per target locale (a memory that
 * holds a string in several target locales exports it once), placeholders and tags as inline markup. Needs
 * `org:manage_team` (the memory holds every team's strings); the export is audited before the
 * first byte leaves.
 */
export async function exportTmx(
  sql: Sql,
  scope: EngineScope,
  version: string,
): Promise<{ fileName: string; chunks: AsyncIterable<string> }> {
  const { engine } = await exchangeEngine(sql, scope);
  const source = { engineId: engine.id, fingerprint: configFingerprint(engine.provider, engine.config) };
  await inOrg(sql, scope, (tx, actor) =>
    audit(tx, actor, { action: "translation_memory.exported", targetId: engine.id, details: { name: engine.name } }),
  );
  async function* chunks(): AsyncIterable<string> {
    yield (
      '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4">\n' +
      `<header creationtool="Glossa" creationtoolversion="${xmlEscape(version)}" datatype="plaintext" segtype="sentence"` +
      ` adminlang="en" srclang="*all*" o-tmf="glossa" creationdate="${tmxDate(new Date())}"/>\n<body>\n`
    );
    let after: MemoryEntry | null = null;
    let open: ExportUnit | null = null;
    for (;;) {
      const page: MemoryEntry[] = await pageOfTranslations(sql, source, after, PAGE);
      // A string XML cannot carry (a control character) would make the whole file unreadable: it is left out.
      const grouped = groupEntries(
        page.filter((entry) => isXmlText(entry.sourceText) && isXmlText(entry.targetText)),
        open,
      );
      open = grouped.open;
      if (grouped.done.length > 0) yield grouped.done.map(unitOf).join("");
      if (page.length < PAGE) break;
      after = page[page.length - 1]!;
    }
    yield `${open ? unitOf(open) : ""}</body>\n</tmx>\n`;
  }
  return { fileName: `${engine.id}-translation-memory.tmx`, chunks: chunks() };
}
