import type { EstimateBody, EstimateResponse } from "../contract/process.js";
import { resolveSettings } from "../core/engines/engine-config.js";
import { estimateCost, priceOf } from "../core/engines/estimate.js";
import { AppError } from "../core/errors/app-error.js";
import { providerNamed } from "../engines/registry.js";
import { localeProblemHint } from "../core/locale/check-locale.js";
import { checkedLocale } from "../core/locale/normalize-locale.js";
import type { Sql } from "../storage/sql.js";
import { engineForKey } from "./engine-for-key.js";
import type { KeyPrincipal } from "./key-principal.js";

/** Prices the items with the engine the key would localize with; pure computation, nothing is stored. */
export async function estimate(sql: Sql, principal: KeyPrincipal, body: EstimateBody): Promise<EstimateResponse> {
  const engine = await engineForKey(sql, principal, body.engineId ?? null);
  const items = body.items.map((item, index) => {
    const checked = checkedLocale(item.targetLocale);
    if (!checked.ok) {
      const hint = localeProblemHint(checked);
      throw AppError.invalidRequest(`items/${index}/targetLocale: ${hint}`, [
        { path: `/items/${index}/targetLocale`, message: hint },
      ]);
    }
    const targetLocale = checked.locale;
    return { targetLocale, sourceChars: item.sourceChars };
  });
  return estimateCost(
    items,
    priceOf(providerNamed(engine.provider)?.traits.free ?? false, resolveSettings(engine.config).price),
  );
}
