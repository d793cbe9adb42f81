import type {
  DeeplGlossary,
  DeeplGlossaryLanguagePairs,
  DeeplLanguages,
  DeeplTranslateResponse,
  DeeplUsage,
} from "./deepl-contract.js";
import { deeplLanguages } from "./deepl-languages.js";
import { engineGlossaries, glossaryMatches } from "./deepl-glossaries.js";
import { deeplTranslations, type DeeplTranslatePlan } from "./deepl-translate.js";
import { resolveSettings } from "../../core/engines/engine-config.js";
import { AppError } from "../../core/errors/app-error.js";
import { bindingCount } from "../../core/limits/monthly-characters.js";
import { DEEPL_LANGUAGES } from "../../engines/deepl/deepl-languages.js";
import { providerNamed } from "../../engines/registry.js";
import type { EngineRow } from "../../storage/repositories/engines.js";
import type { Sql } from "../../storage/sql.js";
import { engineForKey } from "../../services/engine-for-key.js";
import type { KeyPrincipal } from "../../services/key-principal.js";
import type { KeyCallMeter } from "../../services/limits/key-call.js";
import type { LocalizeDeps } from "../../services/localize.js";
import { localizeCall } from "../../services/localize-call.js";

/** DeepL reports an unlimited account with this limit (its own "Pro" answers show 10^12). */
export const DEEPL_UNLIMITED = 1_000_000_000_000;

/**
 * `POST /v2/translate`: one localize call (the same authorization, limits, usage, translation
 * memory, glossary and placeholder protection as `POST /process/localize`), answered in DeepL's shape.
 * `authorize` picks the engine (pinned in the path, a service key's only engine, or the default).
 */
export async function deeplTranslate(
  plan: DeeplTranslatePlan,
  options: { pinnedEngineId: string | null; glossaryId: string | undefined },
  authorize: () => Promise<KeyPrincipal>,
  deps: LocalizeDeps,
): Promise<DeeplTranslateResponse> {
  const glossaryId = options.glossaryId;
  const answer = await localizeCall(
    {
      engineId: options.pinnedEngineId,
      sourceLocale: plan.sourceLocale,
      targetLocale: plan.targetLocale,
      data: plan.data,
      hints: plan.hints,
    },
    {
      authorize,
      admit:
        glossaryId === undefined
          ? undefined
          : async (principal, request) => {
              if (plan.sourceLocale === null) throw AppError.invalidRequest("Use of glossary_id requires source_lang.");
              const engine = await engineForKey(deps.sql, principal, request.engineId);
              const glossary = glossariesOf(engine).find((candidate) => candidate.glossary_id === glossaryId);
              if (!glossaryMatches(glossary, request.sourceLocale, request.targetLocale))
                throw AppError.invalidRequest(
                  "Glossary not found: glossary_id must be one of GET /v2/glossaries, for this language pair.",
                );
            },
    },
    deps,
  );
  return { translations: deeplTranslations(plan, answer.data as Record<string, unknown>, answer.sourceLocale) };
}

/** `GET|POST /v2/usage`: this month's characters against the tighter of the key's and the organization's limits. */
export function deeplUsage(meter: KeyCallMeter, principal: KeyPrincipal): DeeplUsage {
  const { organization, key } = meter.characters(principal);
  const binding = bindingCount(organization, key);
  return { character_count: binding.used, character_limit: binding.limit ?? DEEPL_UNLIMITED };
}

async function offered(sql: Sql, principal: KeyPrincipal, pinnedEngineId: string | null) {
  const engine = await engineForKey(sql, principal, pinnedEngineId ?? principal.engine?.id ?? null);
  const provider = providerNamed(engine.provider);
  if (!provider) throw AppError.of("engine_not_found", { engineId: engine.id, withKey: true });
  return { engine, provider, supported: await provider.supportedPairs() };
}

/** `GET /v2/languages`: the languages the engine answering the call offers. */
export async function deeplLanguageList(
  sql: Sql,
  principal: KeyPrincipal,
  pinnedEngineId: string | null,
  role: "source" | "target",
): Promise<DeeplLanguages> {
  const { provider, supported } = await offered(sql, principal, pinnedEngineId);
  return deeplLanguages(supported, role, {
    anyLanguages: DEEPL_LANGUAGES,
    formality: provider.traits.followsFormality,
  });
}

/**
 * `GET /v2/glossary-language-pairs`: none. Glossaries are the engine's, kept in Glossa (dashboard,
 * TBX import), never created through the DeepL API; an empty list tells tools that upload their
 * own (Weblate does, for every pair listed) not to try, and the engine's glossary applies anyway.
 */
export async function deeplGlossaryLanguagePairs(
  sql: Sql,
  principal: KeyPrincipal,
  pinnedEngineId: string | null,
): Promise<DeeplGlossaryLanguagePairs> {
  await engineForKey(sql, principal, pinnedEngineId ?? principal.engine?.id ?? null);
  return { supported_languages: [] };
}

function glossariesOf(engine: EngineRow): DeeplGlossary[] {
  return engineGlossaries(engine, resolveSettings(engine.config).glossary);
}

/** `GET /v2/glossaries`: the engine's glossary, one read-only DeepL glossary per locale pair it names. */
export async function deeplGlossaryList(
  sql: Sql,
  principal: KeyPrincipal,
  pinnedEngineId: string | null,
): Promise<{ glossaries: DeeplGlossary[] }> {
  const engine = await engineForKey(sql, principal, pinnedEngineId ?? principal.engine?.id ?? null);
  return { glossaries: glossariesOf(engine) };
}

/** `GET /v2/glossaries/:id`: one of them, or 404. */
export async function deeplGlossary(
  sql: Sql,
  principal: KeyPrincipal,
  pinnedEngineId: string | null,
  glossaryId: string,
): Promise<DeeplGlossary> {
  const { glossaries } = await deeplGlossaryList(sql, principal, pinnedEngineId);
  const glossary = glossaries.find((candidate) => candidate.glossary_id === glossaryId);
  if (!glossary) throw new AppError("not_found", "Glossary not found.");
  return glossary;
}
