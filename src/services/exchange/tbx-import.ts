import type { GlossaryImportReport } from "../../contract/exchange.js";
import { requireManageTeam } from "../../core/authz/team-rules.js";
import { configErrors, resolveSettings } from "../../core/engines/engine-config.js";
import type { GlossaryItem } from "../../core/engines/glossary-item.js";
import { AppError, ensure } from "../../core/errors/app-error.js";
import { glossaryItemsOf, mergeGlossary, type TbxConcept } from "../../core/exchange/tbx-concept.js";
import { providerNamed } from "../../engines/registry.js";
import { findEngine, updateEngine } from "../../storage/repositories/engines.js";
import { forgetTranslations } from "../../storage/repositories/translation-memory.js";
import type { Sql } from "../../storage/sql.js";
import { audit } from "../management/audit.js";
import type { EngineScope } from "../management/engines.js";
import { inOrg } from "../management/in-org.js";
import { exchangeEngine } from "./engine-access.js";
import { EXCHANGE_LIMITS } from "./exchange-limits.js";
import { TbxReader } from "./tbx-reader.js";
import { readXml, type XmlLimits } from "./xml-reader.js";

/** The most items an engine's glossary holds (the engine configuration's limit). */
export const GLOSSARY_CAPACITY = 2000;

export interface GlossaryImportOptions {
  sourceLocale?: string | undefined;
  mode?: "merge" | "replace" | undefined;
}

/**
 * Imports a TBX file (TBX-Basic, TBX-Core or TBX v2 `martif`) into an engine's glossary: the
 * file is streamed and its concepts become glossary items (see `glossaryItemsOf`); then, in one
 * transaction, the engine's configuration gets the merged glossary, exactly as an edit of the
 * glossary in the dashboard does (validated, audited, and — the glossary being part of the
 * configuration — the engine's translation memory is forgotten when the glossary changed).
 */
export async function importTbx(
  sql: Sql,
  scope: EngineScope,
  body: AsyncIterable<Uint8Array | string>,
  options: GlossaryImportOptions = {},
  limits: XmlLimits = EXCHANGE_LIMITS,
): Promise<GlossaryImportReport> {
  await exchangeEngine(sql, scope);
  const skipped: Record<string, number> = {};
  const imported: GlossaryItem[] = [];
  let read = 0;
  let forbiddenTerms = 0;
  const onConcept = (concept: TbxConcept) => {
    read++;
    const outcome = glossaryItemsOf(concept, options.sourceLocale ?? null);
    for (const reason of outcome.skipped) skipped[reason] = (skipped[reason] ?? 0) + 1;
    forbiddenTerms += outcome.forbiddenTerms;
    // Past the capacity nothing more can be kept; the rest is only counted.
    if (imported.length < GLOSSARY_CAPACITY * 2) imported.push(...outcome.items);
    else skipped.glossary_full = (skipped.glossary_full ?? 0) + outcome.items.length;
  };
  let reader: TbxReader | null = null;
  await readXml(
    body,
    (refuse) => (reader = new TbxReader(onConcept, refuse)),
    limits,
    async () => {},
  );
  const ignored: Record<string, number> = { ...(reader as TbxReader | null)?.ignored };
  if (forbiddenTerms > 0) ignored.forbiddenTerms = forbiddenTerms;

  return inOrg(sql, scope, async (tx, actor) => {
    ensure(requireManageTeam(actor));
    const engine = await findEngine(tx, scope.organizationId, scope.engineId);
    if (!engine) throw AppError.of("engine_not_found", { engineId: scope.engineId });
    const merged = mergeGlossary(
      resolveSettings(engine.config).glossary,
      imported,
      options.mode ?? "merge",
      GLOSSARY_CAPACITY,
    );
    if (merged.overCapacity > 0) skipped.glossary_full = (skipped.glossary_full ?? 0) + merged.overCapacity;
    const config = { ...engine.config, glossary: merged.glossary };
    const descriptor = providerNamed(engine.provider);
    const errors = descriptor ? configErrors(descriptor, config) : [];
    if (errors.length > 0)
      throw AppError.invalidRequest("The imported glossary is not valid for this engine.", errors.slice(0, 20));
    const changed = JSON.stringify(config.glossary) !== JSON.stringify(engine.config.glossary ?? []);
    if (changed) {
      await updateEngine(tx, engine.id, { config });
      await forgetTranslations(tx, engine.id);
    }
    const report: GlossaryImportReport = {
      read,
      imported: merged.imported,
      glossarySize: merged.glossary.length,
      skipped,
      ignored,
    };
    await audit(tx, actor, {
      action: "glossary.imported",
      targetId: engine.id,
      details: { name: engine.name, mode: options.mode ?? "merge", ...report },
    });
    return report;
  });
}
