import { randomUUID } from "node:crypto";
import type { RecordedRequest, StubReply } from "./stub-server.js";

/**
 * A DeepL stand-in that refuses what DeepL's official mock server (github.com/DeepLcom/deepl-mock,
 * validating against DeepL's OpenAPI spec) refuses, with the same statuses and messages:
 * - `/v2/translate`: unknown `source_lang`/`target_lang` (400), plain `less`/`more` formality for
 *   a target without formality (400), a `glossary_id` that is not a UUID (400) or that DeepL does
 *   not know (400 "Glossary not found"), and 456 once the account's character quota is used up;
 * - `/v2/glossaries`: glossary languages other than the spec's lowercase codes (400);
 * - every call: a missing `DeepL-Auth-Key` (403) or `User-Agent` (400).
 * It "translates" by prefixing `DE ` and applying the glossary's entries, like the mock does.
 * CI cannot fetch the mock (it is not on npm), so the suite runs against this stand-in.
 */
export interface DeeplStubOptions {
  authKey: string;
  /** The account's character quota for the billing period (DeepL answers 456 past it). */
  characterLimit?: number;
  /** Glossary creation answers this status instead (a pair DeepL refuses). */
  failCreation?: number;
  /** Translations ignore the glossary (so that Glossa's check sends the strings again with markers). */
  ignoreGlossary?: boolean;
}

export interface DeeplStub {
  handle(request: RecordedRequest): StubReply;
  /** DeepL loses every glossary (deleted there, or the key now belongs to another account). */
  loseGlossaries(): void;
  glossaryIds(): string[];
}

/** The mock's text languages (config/languages/product-translate-text.json), as DeepL codes. */
const TEXT_LANGUAGES = new Set(
  "AR BG CS DA DE EL EN EN-GB EN-US ES ES-419 ET FI FR HE HU ID IT JA KO LT LV NB NL PL PT PT-BR PT-PT RO RU SK SL SV TH TR UK VI ZH ZH-HANS ZH-HANT".split(
    " ",
  ),
);
const TARGET_ONLY = new Set(["EN-GB", "EN-US", "ES-419", "PT-BR", "PT-PT", "ZH-HANS", "ZH-HANT"]);
/** Where plain `less`/`more` are accepted (the mock's `formality` feature languages). */
const FORMALITY_TARGETS = new Set("DE ES ES-419 FR IT JA NL PL PT PT-BR PT-PT RU".split(" "));
const FORMALITY_VALUES = new Set(["default", "more", "less", "prefer_more", "prefer_less"]);
/** DeepL's OpenAPI spec, `GlossarySourceLanguage` / `GlossaryTargetLanguage`: lowercase. */
const GLOSSARY_LANGUAGES = new Set(
  "ar bg cs da de el en es et fi fr he hu id it ja ko lt lv nb nl pl pt ro ru sk sl sv th tr uk vi zh".split(" "),
);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const refuse = (status: number, message: string): StubReply => ({ status, body: { message } });

export function deeplStub(options: DeeplStubOptions): DeeplStub {
  const glossaries = new Map<string, [string, string][]>();
  let charactersUsed = 0;

  function translate(body: Record<string, unknown>): StubReply {
    const target = typeof body.target_lang === "string" ? body.target_lang.toUpperCase() : undefined;
    const source = typeof body.source_lang === "string" ? body.source_lang.toUpperCase() : undefined;
    if (!target || !TEXT_LANGUAGES.has(target)) return refuse(400, "Value for 'target_lang' not supported.");
    if (source !== undefined && (!TEXT_LANGUAGES.has(source) || TARGET_ONLY.has(source)))
      return refuse(400, "Value for 'source_lang' not supported.");
    const texts = body.text;
    if (!Array.isArray(texts) || texts.length === 0) return refuse(400, "Parameter 'text' not specified");
    let entries: [string, string][] = [];
    if (body.glossary_id !== undefined) {
      if (typeof body.glossary_id !== "string" || !UUID.test(body.glossary_id))
        return refuse(400, "Value for 'glossary_id' not supported.");
      if (source === undefined)
        return refuse(400, "Use of a glossary requires the source_lang parameter to be specified");
      const known = glossaries.get(body.glossary_id);
      if (!known) return refuse(400, "Glossary not found");
      entries = options.ignoreGlossary ? [] : known;
    }
    const formality = body.formality;
    if (formality !== undefined) {
      if (typeof formality !== "string" || !FORMALITY_VALUES.has(formality))
        return refuse(400, "Value for 'formality' not supported.");
      if ((formality === "less" || formality === "more") && !FORMALITY_TARGETS.has(target))
        return refuse(400, `Target language '${target}' doesn't support formality.`);
    }
    const characters = (texts as string[]).reduce((sum, text) => sum + text.length, 0);
    if (options.characterLimit !== undefined && charactersUsed + characters > options.characterLimit)
      return refuse(456, "Quota for this billing period has been exceeded.");
    charactersUsed += characters;
    const apply = (text: string) =>
      entries.reduce((out, [term, translation]) => out.split(term).join(translation), text);
    return {
      body: {
        translations: (texts as string[]).map((text) => ({
          detected_source_language: source ?? "EN",
          text: `DE ${apply(text)}`,
        })),
      },
    };
  }

  function createGlossary(body: Record<string, unknown>): StubReply {
    if (typeof body.name !== "string" || body.name.length === 0)
      return refuse(400, "Missing or invalid argument: name'");
    for (const field of ["source_lang", "target_lang"] as const) {
      const value = body[field];
      if (typeof value !== "string" || !GLOSSARY_LANGUAGES.has(value))
        return refuse(400, `request/body/${field} must be equal to one of the allowed values`);
    }
    if (body.source_lang === body.target_lang)
      return refuse(400, "Unsupported glossary source and target language pair");
    if (body.entries_format !== "tsv" && body.entries_format !== "csv") return refuse(400, "Unsupported entry format");
    if (options.failCreation) return refuse(options.failCreation, "Unsupported glossary language pair");
    const id = randomUUID();
    const entries = String(body.entries)
      .split("\n")
      .map((line) => line.split("\t") as [string, string]);
    glossaries.set(id, entries);
    return {
      status: 201,
      body: {
        glossary_id: id,
        name: body.name,
        ready: true,
        source_lang: body.source_lang,
        target_lang: body.target_lang,
        creation_time: new Date().toISOString(),
        entry_count: entries.length,
      },
    };
  }

  return {
    handle(request) {
      if (request.headers.authorization !== `DeepL-Auth-Key ${options.authKey}`)
        return refuse(403, "Wrong endpoint. Use https://api.deepl.com");
      if (!request.headers["user-agent"]) return refuse(400, "User-Agent header missing.");
      const body = (typeof request.body === "object" && request.body !== null ? request.body : {}) as Record<
        string,
        unknown
      >;
      if (request.method === "POST" && request.path === "/v2/translate") return translate(body);
      if (request.method === "POST" && request.path === "/v2/glossaries") return createGlossary(body);
      const deletion = /^\/v2\/glossaries\/([^/]+)$/.exec(request.path);
      if (request.method === "DELETE" && deletion) {
        const id = decodeURIComponent(deletion[1]!);
        return glossaries.delete(id) ? { status: 204, body: "" } : refuse(404, "Glossary not found");
      }
      return { status: 404, body: "" };
    },
    loseGlossaries: () => glossaries.clear(),
    glossaryIds: () => [...glossaries.keys()],
  };
}
