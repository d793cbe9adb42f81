import type { EstimateBody, EstimateResponse } from "../contract/process.js";
import { authorizeEngine } from "../core/authz/authorize-key.js";
import { resolveSettings } from "../core/engines/engine-config.js";
import { estimateCost, priceOf } from "../core/engines/estimate.js";
import { ensure } from "../core/errors/app-error.js";
import type { KeyPrincipal } from "./key-auth.js";
import { requireLocale } from "./localize-input.js";

/** Prices the items with the engine the key would localize with; pure computation, nothing is stored. */
export function estimate(principal: KeyPrincipal, body: EstimateBody): EstimateResponse {
  ensure(authorizeEngine(principal.reach, principal.engine, body.engineId ?? null));
  const engine = principal.engine!;
  const items = body.items.map((item) => ({
    targetLocale: requireLocale(item.targetLocale, "targetLocale"),
    sourceChars: item.sourceChars,
  }));
  return estimateCost(items, priceOf(engine.provider, resolveSettings(engine.config).price));
}
