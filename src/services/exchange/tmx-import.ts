import type { TmxImportReport } from "../../contract/exchange.js";
import { configFingerprint } from "../../core/engines/fingerprint.js";
import { AppError } from "../../core/errors/app-error.js";
import { memoryPairsOf, type TmxUnit } from "../../core/exchange/tmx-unit.js";
import {
  announceMemoryChanged,
  importTranslations,
  type ImportedEntry,
} from "../../storage/repositories/translation-memory-import.js";
import type { Sql } from "../../storage/sql.js";
import { audit } from "../management/audit.js";
import type { EngineScope } from "../management/engines.js";
import { inOrg } from "../management/in-org.js";
import { exchangeEngine } from "./engine-access.js";
import { EXCHANGE_LIMITS } from "./exchange-limits.js";
import { TmxReader } from "./tmx-reader.js";
import { readXml, type XmlLimits } from "./xml-reader.js";

/** Entries written per statement. */
const BATCH = 1000;

/**
 * Imports a TMX 1.4b file into an engine's translation memory, streaming: the file is parsed
 * as it arrives and written in batches of 1000 entries (one statement each), so memory stays
 * bounded whatever its size. Entries go under the engine's current configuration fingerprint,
 * exactly where the engine's own translations go, so a later configuration change forgets them
 * as it forgets every entry. An entry already there takes the imported translation. A file
 * refused part-way (400) keeps what was written before the problem, and the message says how
 * much; importing the fixed file again replaces those entries, never duplicates them.
 */
export async function importTmx(
  sql: Sql,
  scope: EngineScope,
  body: AsyncIterable<Uint8Array | string>,
  limits: XmlLimits = EXCHANGE_LIMITS,
): Promise<TmxImportReport> {
  const { engine } = await exchangeEngine(sql, scope);
  const target = { engineId: engine.id, fingerprint: configFingerprint(engine.provider, engine.config) };
  const report: TmxImportReport = {
    read: 0,
    imported: 0,
    skipped: {},
    ignored: { properties: 0, notes: 0, variants: 0 },
  };
  let pending: ImportedEntry[] = [];
  let replaced = 0;
  const write = async (entries: ImportedEntry[]) => {
    replaced += (await importTranslations(sql, target, entries)).replaced;
    report.imported += entries.length;
  };
  const onUnit = (unit: TmxUnit) => {
    report.read++;
    const { pairs, skipped } = memoryPairsOf(unit);
    for (const reason of skipped) report.skipped[reason] = (report.skipped[reason] ?? 0) + 1;
    pending.push(...pairs);
  };
  let reader: TmxReader | null = null;
  let failure: unknown = null;
  try {
    await readXml(
      body,
      (refuse) => (reader = new TmxReader(onUnit, refuse)),
      limits,
      async () => {
        while (pending.length >= BATCH) {
          const batch = pending.slice(0, BATCH);
          pending = pending.slice(BATCH);
          await write(batch);
        }
      },
    );
    if (pending.length > 0) await write(pending);
  } catch (error) {
    failure = error;
  }
  if (replaced > 0) await announceMemoryChanged(sql);
  if (reader) Object.assign(report.ignored, (reader as TmxReader).ignored);
  if (failure === null || report.imported > 0) await recordImport(sql, scope, report, failure === null);
  if (failure instanceof AppError && report.imported > 0)
    throw new AppError(
      failure.code,
      `${failure.message} The ${report.imported} entries read before the problem were imported; importing the corrected file again replaces them.`,
      failure.extra,
    );
  if (failure !== null) throw failure;
  return report;
}

async function recordImport(sql: Sql, scope: EngineScope, report: TmxImportReport, complete: boolean): Promise<void> {
  await inOrg(sql, scope, (tx, actor) =>
    audit(tx, actor, {
      action: "translation_memory.imported",
      targetId: scope.engineId,
      details: {
        complete,
        read: report.read,
        imported: report.imported,
        skipped: report.skipped,
        ignored: report.ignored,
      },
    }),
  );
}
