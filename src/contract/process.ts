import { Type, type Static } from "typebox";
import { KeyKindSchema, LocalizableData, Locale, Nullable, OneOf } from "./fields.js";
import { KeyLimitsView } from "./limits.js";

/** The localization API of docs/api.md#localization (key auth): localize, recognize, whoami. */

export const LocalizeBody = Type.Object(
  {
    engineId: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()], {
        description: "the organization's default engine when omitted",
      }),
    ),
    sourceLocale: Type.Union([
      Locale,
      Type.Null({
        description: "null: recognized from the strings of `data` (the Lingo.dev SDK sends null for auto-detection)",
      }),
    ]),
    targetLocale: Locale,
    data: LocalizableData,
    hints: Type.Optional(
      Type.Record(Type.String(), Type.Array(Type.String()), {
        description:
          'context per key path: { "<key>": ["breadcrumb", …] }; any number and length (bounded by the body limit), trimmed to a budget in prompts',
      }),
    ),
    reference: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description:
          "existing strings per locale, `{ <locale>: { <key>: <string> } }` (the Lingo.dev CLI sends the whole source and target files): LLM engines get a bounded part as examples",
      }),
    ),
  },
  { additionalProperties: true },
);
export type LocalizeBody = Static<typeof LocalizeBody>;

/** Why a string of `data` comes back untranslated (docs/engines.md#partial-answers). */
export const UNTRANSLATED_CODES = ["engine_failed", "unchanged"] as const;

export const UntranslatedString = Type.Object(
  {
    path: Type.Array(Type.Union([Type.String(), Type.Integer({ minimum: 0 })]), {
      description: 'the string\'s place in `data`: keys and array indexes, e.g. `["menu", "items", 0]`',
    }),
    code: OneOf(UNTRANSLATED_CODES, {
      description:
        "`engine_failed`: every model failed for it, and it keeps its source text; `unchanged`: the engine returned it as it was although it has prose",
    }),
    reason: Type.String({ description: "why, in one sentence" }),
  },
  { title: "UntranslatedString" },
);
export type UntranslatedString = Static<typeof UntranslatedString>;

export const QUALITY_SEVERITIES = ["error", "warning"] as const;

/** What a quality check found in one translated string (docs/quality.md#checks). */
export const QualityCheck = Type.Object(
  {
    path: Type.Array(Type.Union([Type.String(), Type.Integer({ minimum: 0 })]), {
      description:
        'the string\'s place in `data`, as in `untranslated`: keys and array indexes, e.g. `["menu", "items", 0]`',
    }),
    check: Type.String({ description: "the check's name, e.g. `printf`, `newlines`, `end-punctuation`" }),
    severity: OneOf(QUALITY_SEVERITIES, {
      description: "`error`: a program will break or mis-render the string; `warning`: a reader will notice",
    }),
    message: Type.String({ description: "what was found, in one sentence" }),
  },
  { title: "QualityCheck" },
);
export type QualityCheck = Static<typeof QualityCheck>;

const ChecksList = Type.Array(QualityCheck, {
  description:
    "present when a check found something in a translated string: printf conversions, ICU, placeholders, markup, URLs and plural forms are errors; whitespace, punctuation, numbers, brackets, doubled words, untranslated prose, length and glossary terms warnings (docs/quality.md)",
});

export const LocalizeResponse = Type.Object(
  {
    sourceLocale: Type.String(),
    targetLocale: Type.String(),
    data: Type.Object(
      {},
      { additionalProperties: true, description: "`data` with its strings translated; shape and keys are kept" },
    ),
    model: Type.Optional(Type.String({ description: "`provider/model`, when a model produced the translation" })),
    usage: Type.Optional(
      Type.Object({
        inputTokens: Type.Integer({ minimum: 0 }),
        outputTokens: Type.Integer({ minimum: 0 }),
        translationMemory: Type.Optional(
          Type.Object(
            {
              exact: Type.Integer({ minimum: 0, description: "distinct strings served from the translation memory" }),
              near: Type.Integer({
                minimum: 0,
                description: "missed strings translated with similar remembered translations as examples (LLM engines)",
              }),
              miss: Type.Integer({ minimum: 0, description: "the other missed strings" }),
            },
            { description: "present when the engine uses a translation memory" },
          ),
        ),
      }),
    ),
    untranslated: Type.Optional(
      Type.Array(UntranslatedString, {
        description:
          "present when some strings of `data` are not translated: they hold their source text (`engine_failed`) or the engine's unchanged answer (`unchanged`); the call fails only when no string could be translated",
      }),
    ),
    checks: Type.Optional(ChecksList),
  },
  { title: "LocalizeResponse", description: "The translated data." },
);
export type LocalizeResponse = Static<typeof LocalizeResponse>;

/** The older Lingo.dev SDKs' answer (`POST /i18n`): a localize answer without the quality report. */
export const LingoLocalizeResponse = Type.Omit(LocalizeResponse, ["checks"], {
  title: "LingoLocalizeResponse",
  description: "The translated data.",
});

/** Longest text `POST /process/recognize` accepts; detection only needs the first few thousand characters. */
export const MAX_RECOGNIZE_TEXT_CHARS = 100_000;

export const RecognizeBody = Type.Object(
  {
    text: Type.String({
      minLength: 1,
      maxLength: MAX_RECOGNIZE_TEXT_CHARS,
      description: "the text whose language to recognize",
    }),
  },
  { additionalProperties: true },
);
export type RecognizeBody = Static<typeof RecognizeBody>;

export const RecognizedLocale = Type.Object(
  {
    locale: Nullable(Type.String(), { description: "BCP-47 tag; null (and every other field null) when unrecognized" }),
    language: Nullable(Type.String()),
    region: Nullable(Type.String(), {
      description: "a text does not reveal its region: null until a detector can tell",
    }),
    script: Nullable(Type.String(), { description: "ISO 15924 code" }),
    direction: Nullable(OneOf(["ltr", "rtl"])),
    reliable: Type.Boolean(),
  },
  { title: "RecognizedLocale", description: "The language recognized in a text." },
);
export type RecognizedLocale = Static<typeof RecognizedLocale>;

export const WhoamiResponse = Type.Object(
  {
    organizationId: Type.String(),
    keyId: Type.String(),
    kind: KeyKindSchema,
    userId: Nullable(Type.String(), { description: "null for service keys" }),
    email: Nullable(Type.String(), { description: "null for service keys" }),
    id: Nullable(Type.String(), { description: "same as `userId` (the Lingo.dev SDK reads `id`)" }),
    engines: Type.Array(Type.Object({ id: Type.String(), name: Type.String() }), {
      description: "the engines this key reaches now",
    }),
    limits: KeyLimitsView,
  },
  { title: "WhoamiResponse", description: "The key in use and the engines it reaches now." },
);
export type WhoamiResponse = Static<typeof WhoamiResponse>;

/** Most items one `POST /process/estimate` takes (the CLI sends one per target locale and file). */
export const MAX_ESTIMATE_ITEMS = 10_000;

export const EstimateBody = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        {
          targetLocale: Locale,
          sourceChars: Type.Integer({
            minimum: 0,
            maximum: 1e12,
            description: "characters of translatable source text for this locale",
          }),
        },
        { additionalProperties: true },
      ),
      { minItems: 1, maxItems: MAX_ESTIMATE_ITEMS, description: "duplicate locales are summed" },
    ),
    engineId: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()], {
        description: "the organization's default engine when omitted",
      }),
    ),
  },
  { additionalProperties: true },
);
export type EstimateBody = Static<typeof EstimateBody>;

const Usd = Type.Number({ minimum: 0, description: "US dollars" });

export const EstimateResponse = Type.Object(
  {
    approximate: Type.Literal(true, { description: "always true: a chars→tokens heuristic, not a quote" }),
    totals: Type.Object({
      sourceChars: Type.Integer({ minimum: 0 }),
      estimatedOutputTokens: Type.Integer({ minimum: 0 }),
      estimatedLlmCostUsd: Usd,
      estimatedLocalizationCostUsd: Usd,
      estimatedTotalCostUsd: Usd,
    }),
    byLocale: Type.Array(
      Type.Object({
        targetLocale: Type.String(),
        sourceChars: Type.Integer({ minimum: 0 }),
        estimatedOutputTokens: Type.Integer({ minimum: 0 }),
        estimatedCostUsd: Usd,
      }),
    ),
  },
  {
    title: "CostEstimate",
    description:
      "What localizing the given characters would cost with the engine's price setting; nothing is translated.",
  },
);
export type EstimateResponse = Static<typeof EstimateResponse>;

/** Most string pairs one `POST /process/check` takes. */
export const MAX_CHECK_STRINGS = 20_000;

export const CheckBody = Type.Object(
  {
    sourceLocale: Locale,
    targetLocale: Locale,
    data: LocalizableData,
    translations: Type.Object(
      {},
      {
        additionalProperties: true,
        description:
          "the existing translations, in the shape of `data`: each string is checked against the string at the same place in `data`; a place `data` does not have is a 400",
      },
    ),
    engineId: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()], {
        description: "adds this engine's glossary to the checks (the key must reach it); no engine is called",
      }),
    ),
  },
  { additionalProperties: true },
);
export type CheckBody = Static<typeof CheckBody>;

export const CheckResponse = Type.Object(
  {
    checks: Type.Array(QualityCheck, {
      description: "every finding, in the order of `translations`' strings; empty when none",
    }),
  },
  { title: "CheckResponse", description: "What the quality checks found in the translations." },
);
export type CheckResponse = Static<typeof CheckResponse>;
