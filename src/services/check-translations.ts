import type { CheckBody, CheckResponse } from "../contract/process.js";
import { MAX_CHECK_STRINGS } from "../contract/process.js";
import type { JsonValue } from "../core/content/walk-strings.js";
import { resolveSettings } from "../core/engines/engine-config.js";
import { glossaryFor } from "../core/engines/glossary.js";
import type { GlossaryItem } from "../core/engines/glossary-item.js";
import { AppError } from "../core/errors/app-error.js";
import { pairTranslations } from "../core/quality/pair-translations.js";
import { qualityReport } from "../core/quality/report.js";
import type { Sql } from "../storage/sql.js";
import { engineForKey } from "./engine-for-key.js";
import type { KeyPrincipal } from "./key-principal.js";
import { requireLocale } from "./localize-input.js";
import { keyCallOf } from "./limits/key-call.js";

/**
 * `POST /process/check` (docs/quality.md#checking-existing-translations): the quality checks on
 * translations a team already has. No engine is called and no character is counted; a named
 * engine only lends its glossary, and the key must reach it as for a localize call.
 */
export async function checkTranslations(sql: Sql, principal: KeyPrincipal, body: CheckBody): Promise<CheckResponse> {
  const sourceLocale = requireLocale(body.sourceLocale, "sourceLocale");
  const targetLocale = requireLocale(body.targetLocale, "targetLocale");
  const pairing = pairTranslations(
    body.data as Record<string, JsonValue>,
    body.translations as Record<string, JsonValue>,
  );
  if (!pairing.ok)
    throw AppError.invalidRequest(
      `translations has strings where data has none: ${pairing.errors.map((error) => error.path).join(", ")}.`,
      pairing.errors,
    );
  if (pairing.pairs.length > MAX_CHECK_STRINGS)
    throw AppError.invalidRequest(`translations has more than ${MAX_CHECK_STRINGS} strings; send them in parts.`, [
      { path: "/translations", message: `at most ${MAX_CHECK_STRINGS} strings` },
    ]);
  let glossary: GlossaryItem[] | undefined;
  const engineId = body.engineId ?? null;
  const call = keyCallOf(principal);
  if (engineId !== null) {
    const engine = await engineForKey(sql, principal, engineId);
    call?.targetsEngine();
    glossary = glossaryFor(resolveSettings(engine.config).glossary, sourceLocale, targetLocale);
  }
  const checks = qualityReport({ pairs: pairing.pairs, sourceLocale, targetLocale, glossary });
  call?.checked({ targetLocale, strings: pairing.pairs.length, findings: checks });
  return { checks };
}
