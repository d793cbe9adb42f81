import { pairScore } from "./locale-match.js";

export interface ModelRoute {
  sourceLocale?: string | undefined;
  targetLocale?: string | undefined;
  model: string;
  rank?: number | undefined;
}

/**
 * The models to try for a locale pair, in order: most specific matching rules first,
 * then by rank (0 = primary); a model listed twice keeps its first place.
 */
export function rankModels(routes: readonly ModelRoute[], sourceLocale: string, targetLocale: string): string[] {
  const scored = routes
    .map((route, index) => ({ route, index, score: pairScore(route, sourceLocale, targetLocale) }))
    .filter((entry): entry is { route: ModelRoute; index: number; score: number } => entry.score !== null)
    .sort((a, b) => b.score - a.score || (a.route.rank ?? 0) - (b.route.rank ?? 0) || a.index - b.index);
  return [...new Set(scored.map((entry) => entry.route.model))];
}
