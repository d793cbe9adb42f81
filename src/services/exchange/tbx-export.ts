import type { TbxDialect } from "../../contract/exchange.js";
import { resolveSettings } from "../../core/engines/engine-config.js";
import { tbxDocument } from "../../core/exchange/tbx-document.js";
import type { Sql } from "../../storage/sql.js";
import { audit } from "../management/audit.js";
import type { EngineScope } from "../management/engines.js";
import { inOrg } from "../management/in-org.js";
import { exchangeEngine } from "./engine-access.js";

/**
 * An engine's glossary as a TBX-Basic or TBX-Core document. Any member may export it: every
 * member already reads the glossary in the engine's settings. Audited.
 */
export async function exportTbx(
  sql: Sql,
  scope: EngineScope,
  dialect: TbxDialect,
): Promise<{ fileName: string; document: string }> {
  const { engine } = await exchangeEngine(sql, scope, { anyMember: true });
  await inOrg(sql, scope, (tx, actor) =>
    audit(tx, actor, { action: "glossary.exported", targetId: engine.id, details: { name: engine.name, dialect } }),
  );
  const glossary = resolveSettings(engine.config).glossary;
  return {
    fileName: `${engine.id}-glossary-tbx-${dialect}.tbx`,
    document: tbxDocument(glossary, dialect, `Glossary of the Glossa engine "${engine.name}" (${engine.id})`),
  };
}
