import { FREE, type EnginePrice } from "./engine-config.js";

/** A chars→tokens heuristic (about four characters a token in European languages), not a quote. */
export const CHARS_PER_TOKEN = 4;

export interface EstimateItem {
  targetLocale: string;
  sourceChars: number;
}

export interface CostEstimate {
  approximate: true;
  totals: {
    sourceChars: number;
    estimatedOutputTokens: number;
    estimatedLlmCostUsd: number;
    estimatedLocalizationCostUsd: number;
    estimatedTotalCostUsd: number;
  };
  byLocale: { targetLocale: string; sourceChars: number; estimatedOutputTokens: number; estimatedCostUsd: number }[];
}

/** A free provider (its descriptor's `traits.free`: pseudo, Apertium) costs nothing, whatever its configuration says. */
export function priceOf(free: boolean, configured: EnginePrice): EnginePrice {
  return free ? FREE : configured;
}

const usd = (value: number) => Math.round(value * 1e6) / 1e6;
const outputTokens = (chars: number) => Math.ceil(chars / CHARS_PER_TOKEN);

/**
 * `POST /process/estimate` (the Lingo.dev SDK's `estimate()`, CLI `run --estimate`): duplicate
 * locales summed, in order of first appearance. A per-character price applies to the source
 * characters (machine translation: `estimatedLocalizationCostUsd`); a per-token price to the
 * prompt's and the answer's tokens, each estimated as the output tokens (`estimatedLlmCostUsd`).
 */
export function estimateCost(items: readonly EstimateItem[], price: EnginePrice): CostEstimate {
  const chars = new Map<string, number>();
  for (const item of items) chars.set(item.targetLocale, (chars.get(item.targetLocale) ?? 0) + item.sourceChars);
  const byLocale = [...chars].map(([targetLocale, sourceChars]) => {
    const tokens = outputTokens(sourceChars);
    const billed = price.unit === "characters" ? sourceChars : 2 * tokens;
    return {
      targetLocale,
      sourceChars,
      estimatedOutputTokens: tokens,
      estimatedCostUsd: usd((billed * price.usdPerMillion) / 1_000_000),
    };
  });
  const sum = (pick: (entry: (typeof byLocale)[number]) => number) =>
    byLocale.reduce((total, entry) => total + pick(entry), 0);
  const cost = usd(sum((entry) => entry.estimatedCostUsd));
  return {
    approximate: true,
    totals: {
      sourceChars: sum((entry) => entry.sourceChars),
      estimatedOutputTokens: sum((entry) => entry.estimatedOutputTokens),
      estimatedLlmCostUsd: price.unit === "tokens" ? cost : 0,
      estimatedLocalizationCostUsd: price.unit === "characters" ? cost : 0,
      estimatedTotalCostUsd: cost,
    },
    byLocale,
  };
}
