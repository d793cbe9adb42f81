import type { LibreFrontendSettings, LibreLanguages } from "./libre-contract.js";
import {
  libreDetection,
  libreTranslateAnswer,
  type LibreDetection,
  type LibreTranslateAnswer,
} from "./libre-answer.js";
import { languageName, libreLanguageList } from "./libre-languages.js";
import type { LibreTranslateRequest } from "./libre-translate-request.js";
import { PROVIDERS, providerNamed } from "../../engines/registry.js";
import type { Sql } from "../../storage/sql.js";
import { engineForKey } from "../../services/engine-for-key.js";
import type { KeyPrincipal } from "../../services/key-principal.js";
import type { LocalizeDeps } from "../../services/localize.js";
import { localizeCall } from "../../services/localize-call.js";
import { recognizeLocaleScored } from "../../services/recognize-locale.js";

/** LibreTranslate's `POST /detect`: the language of `text`, as LibreTranslate reports it. */
export async function libreDetect(text: string): Promise<LibreDetection> {
  const { recognized, score } = await recognizeLocaleScored(text);
  return libreDetection(recognized.locale, score);
}

/**
 * LibreTranslate's `POST /translate` through the localize service (the key's engine, grants,
 * monthly characters, translation memory, glossary, placeholder and tag protection): the texts
 * go as one array, so one call translates them all. `auto` is recognized once for all the texts
 * together, as LibreTranslate does, after the key is authorized.
 */
export async function libreTranslate(
  request: LibreTranslateRequest,
  options: { pinnedEngineId: string | null },
  authorize: () => Promise<KeyPrincipal>,
  deps: LocalizeDeps,
): Promise<LibreTranslateAnswer> {
  let detected: LibreDetection | null = null;
  const response = await localizeCall(
    {
      engineId: options.pinnedEngineId,
      sourceLocale: request.sourceLocale,
      targetLocale: request.targetLocale,
      data: { q: request.texts },
    },
    {
      authorize,
      resolveSource: async (pending) => {
        if (pending.sourceLocale !== null) return { ...pending, sourceLocale: pending.sourceLocale };
        detected = await libreDetect(request.texts.join("\n"));
        return { ...pending, sourceLocale: detected.language };
      },
    },
    deps,
  );
  const translated = (response.data as { q: string[] }).q;
  return libreTranslateAnswer({ batch: request.batch, translated, detected, alternatives: request.alternatives });
}

/** What every provider of this server can translate: the answer to `GET /languages` without a key. */
export async function libreLanguagesOfServer(): Promise<LibreLanguages> {
  return libreLanguageList(await Promise.all(PROVIDERS.map((provider) => provider.supportedPairs())));
}

/** `GET /languages` with a key: what the engine the key's calls go to can translate. */
export async function libreLanguagesOfEngine(
  sql: Sql,
  principal: KeyPrincipal,
  engineId: string | null,
): Promise<LibreLanguages> {
  const engine = await engineForKey(sql, principal, engineId);
  const provider = providerNamed(engine.provider);
  return provider ? libreLanguageList([await provider.supportedPairs()]) : [];
}

/**
 * LibreTranslate's `GET /frontend/settings`: keys are required, no limit per text (the body
 * limit and the monthly quotas apply), no file translation and no suggestions.
 */
export function libreFrontendSettings(): LibreFrontendSettings {
  return {
    charLimit: -1,
    frontendTimeout: 500,
    apiKeys: true,
    keyRequired: true,
    suggestions: false,
    filesTranslation: false,
    supportedFilesFormat: [],
    language: {
      source: { code: "auto", name: "Auto Detect" },
      target: { code: "en", name: languageName("en") },
    },
  };
}
