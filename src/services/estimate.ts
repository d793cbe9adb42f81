import type { EstimateBody, EstimateResponse } from "../contract/process.js";
import { authorizeEngine } from "../core/authz/authorize-key.js";
import { resolveSettings } from "../core/engines/engine-config.js";
import { estimateCost, priceOf } from "../core/engines/estimate.js";
import { AppError, ensure } from "../core/errors/app-error.js";
import { localeProblemHint } from "../core/locale/check-locale.js";
import { checkedLocale } from "../core/locale/normalize-locale.js";
import type { KeyPrincipal } from "./key-auth.js";

/** Prices the items with the engine the key would localize with; pure computation, nothing is stored. */
export function estimate(principal: KeyPrincipal, body: EstimateBody): EstimateResponse {
  ensure(authorizeEngine(principal.reach, principal.engine, body.engineId ?? null));
  const engine = principal.engine!;
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
  return estimateCost(items, priceOf(engine.provider, resolveSettings(engine.config).price));
}
