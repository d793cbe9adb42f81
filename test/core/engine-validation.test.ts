import { describe, expect, it } from "vitest";
import { apertiumModeCandidates, apertiumModePair, pickApertiumMode } from "../../src/core/engines/apertium-modes.js";
import { planChunks } from "../../src/core/engines/chunk-plan.js";
import { credentialErrors } from "../../src/core/engines/credentials.js";
import { configErrors } from "../../src/core/engines/engine-config.js";
import { anthropic } from "../../src/engines/anthropic/anthropic-descriptor.js";
import { apertium } from "../../src/engines/apertium/apertium-descriptor.js";
import { deepl } from "../../src/engines/deepl/deepl-descriptor.js";
import { openai } from "../../src/engines/openai/openai-descriptor.js";
import { pseudo } from "../../src/engines/pseudo/pseudo-descriptor.js";
import { configFingerprint } from "../../src/core/engines/fingerprint.js";
import { glossaryFor, glossaryViolations } from "../../src/core/engines/glossary.js";
import type { GlossaryItem } from "../../src/core/engines/glossary-item.js";
import { mask, unmask } from "../../src/core/engines/markers.js";
import { buildPrompt, parseTranslations } from "../../src/core/engines/prompt.js";
import { parseRetryAfterMs, retryDelayMs } from "../../src/core/engines/retry-delay.js";
import { placeholderProblems, translationProblems } from "../../src/core/engines/validate-output.js";
import { deeplSourceLang, deeplTargetLang } from "../../src/engines/deepl/deepl-languages.js";
import { cpuMsOf } from "../support/cpu-time.js";

describe("placeholder validation", () => {
  it.each([
    ["Hello {name}", "Hallo {name}", []],
    ["Hello {name}", "Hallo {Name}", ['lost "{name}"', 'invented "{Name}"']],
    ["Hello {{user}}", "Hallo", ['lost "{{user}}"']],
    ["%s of %1$d", "%1$d von %s", []],
    ["%s files", "%d Dateien", ['lost "%s"', 'invented "%d"']],
    ["<b>Bold</b> text", "<b>Fett</b> Text", []],
    ["<b>Bold</b> text", "Fett Text", ['lost "<b>"', 'lost "</b>"']],
    ["Plain", "Schlicht <i>", ['invented "<i>"']],
    ["Plain", "Schlicht {", ['invented "{"']],
    ["Run `npm i`", "Führe `npm i` aus", []],
    ["Run `npm i`", "Führe npm i aus", ['lost "`npm i`"']],
    ["[docs](https://x.test/a)", "[Doku](https://x.test/a)", []],
    // Prose percentages are not printf conversions ("% o" would be one with a space flag).
    ["20% off, 100% sure", "20 % Rabatt, 100 % sicher", []],
    // The damage the Lingo.dev compatibility issue reported, now caught.
    ["{variable:0} new messages", "{Variable:0} mensajes nuevos", ['lost "{variable:0}"', 'invented "{Variable:0}"']],
    [
      "Send CODE_PLACEHOLDER_3fa9_END",
      "Envía Código_PLACEHOLDER_3fa9_FIN",
      // The stand-in is lost; what came instead is an identifier no program reads, not counted as invented.
      ['lost "CODE_PLACEHOLDER_3fa9_END"'],
    ],
    ["Rock &amp; roll", "Rock & roll", ['lost "&amp;"']],
    // Stray braces between text and placeholders count one by one, in source and output alike.
    ["An { opening and a } closing", "Une { ouvrante et une } fermante", []],
    ["An { opening and a } closing", "Une { ouvrante et une fermante", ['lost "}"']],
    ["a } b {x} c {", "a } b {x} c", ['lost "{"']],
    ["{x}{y} and {", "{y}{x} et {", []],
    // An output that turned into an ICU message keeps none of the source's tokens.
    [
      "Hello {name}",
      "{name, plural, one {Hallo} other {Hallo}}",
      ['lost "{name}"', 'invented "{name, plural, one {"', 'invented "} other {"', 'invented "}}"'],
    ],
  ])("%j → %j", (source, output, expected) => {
    expect(placeholderProblems(source, output)).toEqual(expected);
  });

  it("catches the stringsdict key the old check let through", () => {
    expect(placeholderProblems("%#@user_count@ online", "%#@Cuenta_de usuario@ en línea")).toContain(
      'lost "%#@user_count@"',
    );
  });

  it("rejects missing and empty translations", () => {
    expect(translationProblems("Hi", undefined, [])).toEqual(["missing translation"]);
    expect(translationProblems("Hi", "  ", [])).toEqual(["empty translation"]);
  });
});

describe("an option in the translator's quotation marks is still the option", () => {
  it.each([
    ["'-N NUMBER' invalid starting line number", "„-N LICZBA” błędny numer linii początkowej"],
    [
      "'--pages=FIRST_PAGE[:LAST_PAGE]' missing argument",
      "„--pages=PIERWSZA_STRONA[:OSTATNIA_STRONA]” - brakujący argument",
    ],
    ["use -r to recurse", "»-r« verwenden"],
    ["use -r to recurse", "「-r」を使う"],
  ])("%j → %j", (source, output) => {
    expect(placeholderProblems(source, output)).toEqual([]);
  });
});

describe("glibc's I flag (the locale's digits) is a printf flag like any other", () => {
  it.each([
    ["Error on line %d: %s", "خطأ في السطر %Id‏: ‎%s"],
    ["%.1f KiB", "%I.1f ك.بايت"],
  ])("%j → %j", (source, output) => {
    expect(placeholderProblems(source, output)).toEqual([]);
  });
});

describe("ICU messages are checked structurally: arguments, keys per message, placeholders per branch", () => {
  const files = "{n, plural, one {# file} other {# files}}";
  it.each([
    [files, "{n, plural, one {# Datei} other {# Dateien}}", []],
    [files, "{n, plural,one{# Datei}other{# Dateien}}", []],
    [files, "{n, plural, other {# Dateien} one {# Datei}}", []],
    [files, "{n, plural, one {# Datei} other {Dateien}}", ['in {n, plural} branch "other": lost "#"']],
    [files, "{n, plural, one {# Datei} other {'#' Dateien}}", ['in {n, plural} branch "other": lost "#"']],
    [files, "{count, plural, one {# Datei} other {# Dateien}}", ['lost "{n, plural}" (got "{count, plural}")']],
    [files, "{n, selectordinal, one {# Datei} other {# Dateien}}", ['lost "{n, plural}" (got "{n, selectordinal}")']],
    [
      files,
      "{n, plural, offset:1 one {# Datei} other {# Dateien}}",
      ['lost "{n, plural}" (got "{n, plural, offset:1}")'],
    ],
    [files, "{n, plural, one {# Datei} other {# Dateien}", ["the ICU plural/select structure was broken"]],
    [files, "# Dateien", ["the ICU plural/select structure was broken"]],
    // Without the locale pair, the keys are the source's (docs/engines.md).
    [
      files,
      "{n, plural, one {# файл} few {# файла} many {# файлов} other {# файла}}",
      ['invented branch "few" of {n, plural}', 'invented branch "many" of {n, plural}'],
    ],
    [files, "{n, plural, one {# файл}}", ['lost branch "other" of {n, plural}']],
    [
      "{g, select, male {He} other {They}}",
      "{g, select, male {Er} female {Sie} other {Sie}}",
      ['invented branch "female" of {g, select}'],
    ],
    // Placeholders are counted per branch: moving one into another branch is caught.
    [
      "{n, plural, one {{name} has # file} other {{name} has # files}}",
      "{n, plural, one {{name} hat # Datei} other {{user} hat # Dateien}}",
      ['in {n, plural} branch "other": lost "{name}"', 'in {n, plural} branch "other": invented "{user}"'],
    ],
    // Text around the plural may be reordered.
    [
      "You got {n, plural, one {# message} other {# messages}} from {name}",
      "{name} te envió {n, plural, one {# mensaje} other {# mensajes}}",
      [],
    ],
    [
      "{g, select, female {She has {n, plural, one {# cat} other {# cats}}} other {They}}",
      "{g, select, female {Sie hat {n, plural, one {# Katze} other {Katzen}}} other {Sie}}",
      ['in {g, select} branch "female": in {n, plural} branch "other": lost "#"'],
    ],
    [
      "{g, select, female {She has {n, plural, one {# cat} other {# cats}}} other {They}}",
      "{g, select, female {Sie hat Katzen} other {Sie}}",
      ['in {g, select} branch "female": has 0 plural/select argument(s) instead of 1'],
    ],
  ])("%j → %j", (source, output, expected) => {
    expect(placeholderProblems(source, output)).toEqual(expected);
  });

  // docs/engines.md#plural-categories-the-targets: given the locale pair, an answer in exactly the target's
  // categories is accepted as well as one in the source's, each branch against the branch it is written from.
  it.each([
    ["ru", "{n, plural, one {# файл} few {# файла} many {# файлов} other {# файла}}", []],
    ["ru", "{n, plural, one {# файл} other {# файла}}", []],
    ["ja", "{n, plural, other {# ファイル}}", []],
    [
      "ru",
      "{n, plural, one {# файл} few {файла} many {# файлов} other {# файла}}",
      ['in {n, plural} branch "few": lost "#"'],
    ],
    // Neither the source's nor the target's categories: the keys are judged against the source's.
    ["ru", "{n, plural, one {# файл} few {# файла} other {# файла}}", ['invented branch "few" of {n, plural}']],
    [
      "pl",
      "{n, plural, one {# plik} few {# pliki} many {# plików}}",
      [
        'invented branch "few" of {n, plural}',
        'invented branch "many" of {n, plural}',
        'lost branch "other" of {n, plural}',
      ].sort(),
    ],
  ])("to %s: %j → %j", (targetLocale, output, expected) => {
    const pair = { sourceLocale: "en", targetLocale };
    expect(placeholderProblems(files, output, pair).sort()).toEqual(expected);
  });

  it.each([
    ["ar", "{#zero} bytes", "صفر بايت", []],
    ["ar", "{#two} bytes", "بايتان", []],
    ["pl", "{#one} file", "jeden plik", []],
    // Russian `one` is 1, 21, 31…: the number must be written.
    ["ru", "{#one} file", "один файл", ['lost "{#one}"']],
    ["ar", "{#few} bytes", "بايتات", ['lost "{#few}"']],
  ])(
    "to %s, a form of a one-number category may leave its number out: %j → %j",
    (targetLocale, unit, output, expected) => {
      expect(translationProblems(unit, output, [], { sourceLocale: "en", targetLocale })).toEqual(expected);
    },
  );

  it("regression: a whole message with its branches swapped fails the check (and the model falls back)", () => {
    // Apertium swapped the branch texts of `{count, plural, one {# message} other {# messages}}`;
    // with a placeholder in one branch the swap shows in the structure.
    expect(
      placeholderProblems(
        "{count, plural, one {# message from {name}} other {# messages}}",
        "{count, plural, one {# mensajes} other {# mensaje de {name}}}",
      ),
    ).toEqual([
      'in {count, plural} branch "one": lost "{name}"',
      'in {count, plural} branch "other": invented "{name}"',
    ]);
  });
});

describe("glossary", () => {
  const glossary: GlossaryItem[] = [
    { type: "non_translatable", term: "Glossa" },
    { type: "custom_translation", term: "dashboard", translation: "Übersicht", targetLocale: "de" },
    { type: "custom_translation", term: "dashboard", translation: "tableau de bord", targetLocale: "fr" },
  ];

  it("applies items by locale pair, with the locale rules", () => {
    expect(
      glossaryFor(glossary, "en", "de-DE").map((item) => item.type === "custom_translation" && item.translation),
    ).toEqual([false, "Übersicht"]);
    expect(glossaryFor(glossary, "en", "es")).toHaveLength(1);
  });

  it.each([
    ["Open the Glossa dashboard", "Öffne die Glossa-Übersicht", []],
    ["Open the Glossa dashboard", "Öffne das Glossa-Dashboard", ['"dashboard" must be translated as "Übersicht"']],
    ["Open the Glossa dashboard", "Öffne die glossa Übersicht", ['non-translatable term "Glossa" was changed']],
    ["Glossa and Glossa", "Glossa und Glosa", ['non-translatable term "Glossa" was changed']],
    ["Glossary", "Glossar", []],
  ])("%j → %j", (source, output, expected) => {
    expect(glossaryViolations(glossaryFor(glossary, "en", "de"), source, output)).toEqual(expected);
  });
});

describe("placeholder markers (Apertium, DeepL)", () => {
  const glossary: GlossaryItem[] = [
    { type: "non_translatable", term: "Glossa" },
    { type: "custom_translation", term: "dashboard", translation: "panel" },
  ];

  it("masks placeholders, tags and glossary terms, and escapes the text", () => {
    const masked = mask("Hi {name}, <b>open</b> the Glossa dashboard & more", glossary);
    expect(masked.text).toBe('Hi <g-p i="0"/>, <g-p i="1"/>open<g-p i="2"/> the <g-p i="3"/> <g-p i="4"/> &amp; more');
    expect(masked.restore).toEqual(["{name}", "<b>", "</b>", "Glossa", "panel"]);
  });

  it("restores them, in whatever order the engine put them", () => {
    const masked = mask("Hi {name}, <b>open</b> the Glossa dashboard & more", glossary);
    expect(
      unmask(
        'Hola <g-p i="0"/>, abre el <g-p i="4"/> de <g-p i="3"/> <g-p i="1"/>ya<g-p  i="2" /> &amp; más',
        masked.restore,
      ),
    ).toBe("Hola {name}, abre el panel de Glossa <b>ya</b> & más");
  });

  it("restores the markers Apertium 3.8's HTML mode gives back as open and close tags", () => {
    const masked = mask("Hi {name}, <b>open</b> the Glossa dashboard & more", glossary);
    expect(
      unmask(
        'Hola <g-p i="0"></g-p>, abre el <g-p i="4"></g-p> de <g-p i="3"/> <g-p i="1"></g-p>ya<g-p i="2"></g-p> &amp; más',
        masked.restore,
      ),
    ).toBe("Hola {name}, abre el panel de Glossa <b>ya</b> & más");
  });
});

describe("glossary terms are found in one pass (security issue 2)", () => {
  const glossary: GlossaryItem[] = [
    { type: "non_translatable", term: "Glossa" },
    { type: "non_translatable", term: "Glossa Cloud" },
    { type: "non_translatable", term: "API", caseSensitive: true },
    { type: "custom_translation", term: "cloud", translation: "nube" },
  ];

  it("masks the longest term where terms overlap, honours case sensitivity per item, keeps the spelling", () => {
    const masked = mask("glossa cloud, the api, the API, a cloud, Glossa", glossary, { xml: false });
    expect(masked.restore).toEqual(["glossa cloud", "API", "nube", "Glossa"]);
    expect(masked.text).toBe('<g-p i="0"/>, the api, the <g-p i="1"/>, a <g-p i="2"/>, <g-p i="3"/>');
  });

  it.each([
    ["Glossa Cloud and Glossa", "Glossa Cloud y Glossa", []],
    ["Glossa Cloud and Glossa", "Glossa Nube y Glossa", ['non-translatable term "Glossa Cloud" was changed']],
    ["the API and the api", "la API y la api", []],
    ["the API", "la Api", ['non-translatable term "API" was changed']],
    ["a cloud", "una Nube", []],
    ["a cloud", "una nubecita", ['"cloud" must be translated as "nube"']],
  ])("%j → %j", (source, output, expected) => {
    expect(glossaryViolations(glossary, source, output)).toEqual(expected);
  });

  it("masks and checks 50 terms over 70 KB within a generous budget (the old masking took 21–43 s)", () => {
    const terms: GlossaryItem[] = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? { type: "non_translatable", term: `Brand${i}` }
        : { type: "custom_translation", term: `widget ${i}`, translation: `Gerät ${i}` },
    );
    const words = ["the", "Brand0", "quick", "widget 1", "Brand48", "fox", "widget 49", "jumps"];
    const text = Array.from({ length: 11_200 }, (_, i) => words[i % words.length]).join(" ");
    expect(text.length).toBeGreaterThan(70_000);
    const {
      result: [masked, problems],
      cpuMs,
    } = cpuMsOf(() => [mask(text, terms), glossaryViolations(terms, text, text)] as const);
    expect(cpuMs).toBeLessThan(2500);
    expect(masked.restore).toHaveLength(5600);
    expect(problems).toEqual([
      '"widget 1" must be translated as "Gerät 1"',
      '"widget 49" must be translated as "Gerät 49"',
    ]);
  });
});

describe("chunk plan", () => {
  it("splits by item count and by words, keeping order", () => {
    const texts = ["one", "two words", "three little words", "a", "b"];
    const same = (text: string) => text;
    expect(planChunks(texts, same, { maxItems: 2, maxWords: 100 })).toEqual([
      ["one", "two words"],
      ["three little words", "a"],
      ["b"],
    ]);
    expect(planChunks(texts, same, { maxItems: 10, maxWords: 3 })).toEqual([
      ["one", "two words"],
      ["three little words"],
      ["a", "b"],
    ]);
    expect(planChunks(["a very long string of words"], same, { maxItems: 10, maxWords: 2 })).toEqual([
      ["a very long string of words"],
    ]);
    expect(planChunks([], same, { maxItems: 10, maxWords: 2 })).toEqual([]);
  });
});

describe("retries", () => {
  const policy = { maxRetries: 3, baseDelayMs: 100, maxDelayMs: 5000 };
  it.each([
    [1, null, 0, 50],
    [1, null, 1, 100],
    [3, null, 1, 400],
    [10, null, 1, 5000],
    [1, 2000, 0, 2000],
    [1, 10, 1, 100],
    [1, 60_000, 0.5, null],
  ])("attempt %i, Retry-After %s ms, jitter %s → %s ms", (attempt, retryAfter, random, expected) => {
    expect(retryDelayMs(attempt, retryAfter, policy, () => random)).toBe(expected);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfterMs("2", now)).toBe(2000);
    expect(parseRetryAfterMs("Thu, 01 Jan 2026 00:00:03 GMT", now)).toBe(3000);
    expect(parseRetryAfterMs("soon", now)).toBeNull();
    expect(parseRetryAfterMs(null, now)).toBeNull();
  });
});

describe("LLM prompt and answer", () => {
  it("carries glossary, instructions and brand voice for the target, and hints as context", () => {
    const prompt = buildPrompt({
      sourceLocale: "en",
      targetLocale: "de-DE",
      texts: ["Save", "Cancel"],
      hints: [["Settings", "Footer"], undefined],
      glossary: [
        { type: "non_translatable", term: "Glossa" },
        { type: "custom_translation", term: "Save", translation: "Speichern" },
      ],
      instructions: [
        { targetLocale: "de", text: "Use the informal du." },
        { targetLocale: "fr", text: "Use vous." },
      ],
      brandVoice: [{ text: "Friendly and brief." }],
    });
    expect(prompt.system).toContain("from en to de-DE");
    expect(prompt.system).toContain('"Glossa": never translate');
    expect(prompt.system).toContain('"Save" → "Speichern"');
    expect(prompt.system).toContain("Use the informal du.");
    expect(prompt.system).not.toContain("Use vous.");
    expect(prompt.system).toContain("Friendly and brief.");
    expect(JSON.parse(prompt.user).items).toEqual([
      { id: "0", text: "Save", context: ["Settings", "Footer"] },
      { id: "1", text: "Cancel" },
    ]);
  });

  it.each([
    ['{"translations":[{"id":"1","text":"B"},{"id":"0","text":"A"}]}', ["A", "B"]],
    ['```json\n{"translations":[{"id":"0","text":"A"}]}\n```', ["A", undefined]],
    ['Here you go: {"translations":[{"id":0,"text":"A"},{"id":"1","text":"B"}]} Enjoy', ["A", "B"]],
    ['{"translations":[{"id":"7","text":"X"},{"id":"0","text":5}]}', [undefined, undefined]],
  ])("parses %j", (content, expected) => {
    expect(parseTranslations(content, 2)).toEqual(expected);
  });

  it.each(["not json", '{"result":[]}', "[]"])("rejects %j", (content) => {
    expect(() => parseTranslations(content, 1)).toThrow();
  });
});

describe("engine configuration", () => {
  it("validates per provider", () => {
    expect(configErrors(openai, { models: [{ model: "gpt-4o-mini" }] })).toEqual([]);
    expect(configErrors(openai, {})).toEqual([
      { path: "/config/models", message: "openai engines need at least one model" },
    ]);
    expect(configErrors(deepl, {})).toEqual([]);
    expect(configErrors(pseudo, { apiKey: "sk-123" }).length).toBeGreaterThan(0);
    expect(configErrors(openai, { models: [{ model: "m", targetLocale: "not a locale" }] })).toEqual([
      { path: "/config/models/0/targetLocale", message: "must be a BCP-47 locale or *" },
    ]);
    expect(configErrors(deepl, { chunking: { maxItems: 0 } })[0]?.path).toBe("/config/chunking/maxItems");
    expect(configErrors(openai, { baseUrl: "http://127.0.0.1:11434/v1", models: [{ model: "m" }] })).toEqual([]);
    expect(
      configErrors(openai, { baseUrl: "https://user:sk-secret@proxy.test/v1", models: [{ model: "m" }] })[0]?.path,
    ).toBe("/config/baseUrl");
    expect(configErrors(openai, { baseUrl: "file:///etc/passwd", models: [{ model: "m" }] })[0]?.path).toBe(
      "/config/baseUrl",
    );
    expect(credentialErrors(anthropic.credentialSchema, {})).not.toEqual([]);
    expect(credentialErrors(apertium.credentialSchema, { apiKey: "x" })).not.toEqual([]);
  });

  it("fingerprints configurations independently of key order", () => {
    expect(configFingerprint("openai", { a: 1, b: [1, { c: 2, d: 3 }] })).toBe(
      configFingerprint("openai", { b: [1, { d: 3, c: 2 }], a: 1 }),
    );
    expect(configFingerprint("openai", { a: 1 })).not.toBe(configFingerprint("openai", { a: 2 }));
    expect(configFingerprint("openai", { a: 1 })).not.toBe(configFingerprint("anthropic", { a: 1 }));
  });

  it("remembers a configuration's fingerprint per object, never across providers", () => {
    const config = { models: [{ model: "m" }], price: { perMillionCharacters: 1 } };
    const first = configFingerprint("openai", config);
    expect(configFingerprint("openai", config)).toBe(first);
    expect(configFingerprint("anthropic", config)).not.toBe(first);
    expect(configFingerprint("openai", config)).toBe(first);
    expect(configFingerprint("openai", { models: [{ model: "m" }] })).toBe(first);
  });
});

describe("locale codes of the providers", () => {
  it.each([
    ["en", "es", "eng-spa"],
    ["es", "en-US", "spa-eng_US"],
    ["es", "en", "spa-eng"],
    ["en", "fr", null],
  ])("Apertium %s → %s uses %s", (source, target, expected) => {
    expect(pickApertiumMode(["eng-spa", "spa-eng", "spa-eng_US"], source, target)).toBe(expected);
  });

  it.each([
    ["eng-spa", { sourceLocale: "en", targetLocale: "es" }],
    ["spa-eng_US", { sourceLocale: "es", targetLocale: "en-US" }],
    ["nob-nno", { sourceLocale: "nb", targetLocale: "nn" }],
    ["crh-tur", { sourceLocale: "crh", targetLocale: "tr" }],
    // `hbs` is canonicalised to sr-Latn, whose candidates are srp-… and sr-…: no locale picks this mode.
    ["hbs-slv", null],
    ["cat-spa_valencia", null],
    ["eng-spa-anmor", null],
  ])("the Apertium mode %s serves %j", (mode, pair) => {
    expect(apertiumModePair(mode)).toEqual(pair);
  });

  it("tries the regional variant first", () => {
    expect(apertiumModeCandidates("es", "pt-BR")).toEqual([
      "spa-por_BR",
      "spa-por",
      "spa-pt_BR",
      "spa-pt",
      "es-por_BR",
      "es-por",
      "es-pt_BR",
      "es-pt",
    ]);
  });

  it.each([
    ["en", "EN", "EN-US"],
    ["en-GB", "EN", "EN-GB"],
    ["pt-BR", "PT", "PT-BR"],
    ["pt", "PT", "PT-PT"],
    ["zh-Hant-TW", "ZH", "ZH-HANT"],
    ["zh", "ZH", "ZH-HANS"],
    ["de-AT", "DE", "DE"],
    ["es-419", "ES", "ES-419"],
    ["es-MX", "ES", "ES-419"],
    ["es-ES", "ES", "ES"],
  ])("DeepL %s → source %s, target %s", (locale, source, target) => {
    expect(deeplSourceLang(locale)).toBe(source);
    expect(deeplTargetLang(locale)).toBe(target);
  });
});
