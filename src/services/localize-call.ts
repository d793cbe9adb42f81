import type { LocalizeResponse } from "../contract/process.js";
import type { KeyPrincipal } from "./key-principal.js";
import { localize, type LocalizeDeps, type LocalizeRequest } from "./localize.js";
import {
  normalizeLocalizeInput,
  resolveSourceLocale,
  type LocalizeInput,
  type PendingLocalizeRequest,
} from "./localize-input.js";

/** What differs between the ways into localize: how the caller is authorized, and the protocol's own steps. */
export interface LocalizeCallSteps {
  /**
   * Authenticates and authorizes the caller for the engine the call names (null: none named). A
   * protocol whose requests name no engine picks it here: the principal's `engine` is the one used.
   */
  authorize(engineId: string | null): Promise<KeyPrincipal>;
  /** Recognizes a null source locale (default: from the request's strings; LibreTranslate keeps its score). */
  resolveSource?(request: PendingLocalizeRequest): Promise<LocalizeRequest>;
  /** A protocol's checks that need the authorized caller and the whole request (DeepL's `glossary_id`). */
  admit?(principal: KeyPrincipal, request: LocalizeRequest): Promise<void>;
}

/**
 * One localize call, whatever way it came in (`/process/localize`, `/i18n`, DeepL, LibreTranslate,
 * MCP, jobs, the dashboard's Try panel): the locales normalized (a 400 before the key is looked up),
 * the caller authorized, the source locale resolved, then the strings localized. Each way in only
 * maps its wire format to `input` and the answer back (docs/ARCHITECTURE.md, "How a call flows").
 */
export async function localizeCall(
  input: LocalizeInput,
  steps: LocalizeCallSteps,
  deps: LocalizeDeps,
): Promise<LocalizeResponse> {
  const pending = normalizeLocalizeInput(input);
  const principal = await steps.authorize(pending.engineId);
  const request = await (steps.resolveSource ?? resolveSourceLocale)(pending);
  await steps.admit?.(principal, request);
  return localize(principal, request, deps);
}
