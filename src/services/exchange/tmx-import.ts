import type { TmxImportReport } from "../../contract/exchange.js";
import { configFingerprint } from "../../core/engines/fingerprint.js";
import { AppError } from "../../core/errors/app-error.js";
import { memoryPairsOf, type TmxUnit } from "../../core/exchange/tmx-unit.js";
import {
  announceMemoryChanged,
  importTranslations,
  type ImportedEntry,
} from "../../storage/repositories/translation-memory-import.js";
import type { EngineRow } from "../../storage/repositories/engines.js";
import type { Sql } from "../../storage/sql.js";
import type { EngineId } from "../../contract/ids.js";
import { audit, type OrgEvent } from "../management/audit.js";
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
  const { report, failure } = await streamTmx(sql, engine, body, limits);
  if (failure === null || report.imported > 0) await recordImport(sql, scope, report, failure === null);
  if (failure !== null) throw importFailure(failure, report);
  return report;
}

/** What a TMX file (or its part read before a refusal) did to the memory, and the refusal if any. */
export interface StreamedImport {
  report: TmxImportReport;
  failure: unknown;
}

/**
 * Parses a TMX file as it arrives and writes its entries under the engine's current
 * configuration, in batches; `onProgress` runs after each chunk was written (a job records its
 * progress there). Never throws for the file: a refusal is returned with what was written before it.
 */
export async function streamTmx(
  sql: Sql,
  engine: Pick<EngineRow, "id" | "provider" | "config">,
  body: AsyncIterable<Uint8Array | string>,
  limits: XmlLimits,
  onProgress: (report: TmxImportReport) => Promise<void> = async () => {},
): Promise<StreamedImport> {
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
        await onProgress(report);
      },
    );
    if (pending.length > 0) await write(pending);
  } catch (error) {
    failure = error;
  }
  if (replaced > 0) await announceMemoryChanged(sql);
  if (reader) Object.assign(report.ignored, (reader as TmxReader).ignored);
  return { report, failure };
}

/** The error to throw for a refused file (saying how much was imported before the problem), or nothing. */
export function importFailure(failure: unknown, report: TmxImportReport): unknown {
  if (failure instanceof AppError && report.imported > 0)
    return new AppError(
      failure.code,
      `${failure.message} The ${report.imported} entries read before the problem were imported; importing the corrected file again replaces them.`,
      failure.extra,
    );
  return failure;
}

/** The audit event of an import (synchronous or a job): what it read and wrote, and whether it finished. */
export function importAuditEvent(engineId: EngineId, report: TmxImportReport, complete: boolean): OrgEvent {
  return {
    action: "translation_memory.imported",
    targetId: engineId,
    details: {
      complete,
      read: report.read,
      imported: report.imported,
      skipped: report.skipped,
      ignored: report.ignored,
    },
  };
}

async function recordImport(sql: Sql, scope: EngineScope, report: TmxImportReport, complete: boolean): Promise<void> {
  await inOrg(sql, scope, (tx, actor) => audit(tx, actor, importAuditEvent(scope.engineId, report, complete)));
}
