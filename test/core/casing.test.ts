import { describe, expect, it } from "vitest";
import { capitalisesNouns, keepSourceCasing } from "../../src/core/content/casing.js";

describe("a fragment's first letter keeps the source's lower case", () => {
  it.each([
    ["invalid user", "Usuario nulo", "es", "usuario nulo"],
    ["cannot export", "No puede exportar", "es", "no puede exportar"],
    ["cannot open file", "Impossible d'ouvrir le fichier", "fr", "impossible d'ouvrir le fichier"],
    // after a leading placeholder (an ICU plural branch reaches the pipeline as "{#} new message")
    ["{#} new message", "{#} Mensaje nuevo", "es", "{#} mensaje nuevo"],
    ["%s: invalid option", "%s: Opción no válida", "es", "%s: opción no válida"],
    // after a tag, punctuation and whitespace
    ["<b>warning</b>: disk full", "<b>Aviso</b>: disco lleno", "es", "<b>aviso</b>: disco lleno"],
    ["  -- invalid user", "  -- Usuario nulo", "es", "  -- usuario nulo"],
    ["(default)", "(Por defecto)", "es", "(por defecto)"],
    // non-ASCII capitals and the target's own lower-casing (Turkish dotted İ)
    ["export failed", "Échec de l'export", "fr", "échec de l'export"],
    ["sign in", "İçeri gir", "tr", "içeri gir"],
    // inside a translated metavariable (a soft token): its words are translatable text
    ["<no current directory>", "<Ningún directorio actual>", "es", "<ningún directorio actual>"],
    ["<file> not found", "<Archivo> no encontrado", "es", "<archivo> no encontrado"],
    // a word put before the source's opening tag starts the translator's own sentence: left as it is
    [
      "<key name='%s'> shadows <key name='%s'>",
      "La <key name='%s'> emmascara la <key name='%s'>",
      "ca",
      "La <key name='%s'> emmascara la <key name='%s'>",
    ],
  ])("%j → %j (%s) becomes %j", (source, output, locale, expected) => {
    expect(keepSourceCasing(source, output, locale)).toBe(expected);
  });
});

describe("a word the source does not capitalise, after words copied verbatim, keeps the source's lower case", () => {
  // Apertium copies an unknown word and capitalises the next word a transfer rule matched.
  it.each([
    ["nonportable character", "nonportable Carácter", "nonportable carácter"],
    ["%s nonportable character", "%s nonportable Carácter", "%s nonportable carácter"],
    // several verbatim words: the two texts' words are walked side by side, one at a time
    ["nonportable wide character", "nonportable wide Carácter", "nonportable wide carácter"],
    [
      "{n} nonportable <b>wide</b> character",
      "{n} nonportable <b>wide</b> Carácter",
      "{n} nonportable <b>wide</b> carácter",
    ],
  ])("%j → %j becomes %j", (source, output, expected) => {
    expect(keepSourceCasing(source, output, "es")).toBe(expected);
  });
});

describe("a capital the target language or the word itself calls for is kept", () => {
  it.each([
    // languages that capitalise nouns keep the engine's capital
    ["user", "Benutzer", "de"],
    ["invalid user", "Ungültiger Benutzer", "de-AT"],
    ["user", "Benotzer", "lb"],
    // acronyms and words with an inner capital
    ["url is invalid", "URL no válida", "es"],
    ["cpu usage", "CPU utilizada", "es"],
    ["github account", "GitHub cuenta", "es"],
    // English "I"
    ["no puedo", "I can't", "en"],
    ["no lo sé", "I'm not sure", "en-GB"],
    // a name the source writes the same way, moved to the front
    ["settings for Google", "Google configuración", "es"],
    // a word the engine also capitalises mid-sentence: a name
    ["paris weather and paris news", "Paris tiempo y noticias de Paris", "es"],
    // the source starts with a capital, or its first letter has no case
    ["Invalid user", "Usuario nulo", "es"],
    ["ユーザー", "Usuario", "es"],
    ["42", "42", "es"],
    // the translation already starts in lower case
    ["invalid user", "usuario nulo", "es"],
  ])("%j → %j (%s) stays", (source, output, locale) => {
    expect(keepSourceCasing(source, output, locale)).toBe(output);
  });
});

describe("only the start of the fragment is touched", () => {
  it("a capital after a sentence end inside the string stays", () => {
    expect(keepSourceCasing("invalid user. try again", "Usuario nulo. Intenta otra vez", "es")).toBe(
      "usuario nulo. Intenta otra vez",
    );
  });
  it("a capital after the sentence end is not taken for a name", () => {
    expect(keepSourceCasing("save. save now", "Guardar. Guardar ahora", "es")).toBe("guardar. Guardar ahora");
  });
  it("protected tokens are never changed", () => {
    expect(keepSourceCasing("{Name} invited you", "{Name} Te invitó", "es")).toBe("{Name} te invitó");
  });
  it("is idempotent", () => {
    const once = keepSourceCasing("invalid user", "Usuario nulo", "es");
    expect(keepSourceCasing("invalid user", once, "es")).toBe(once);
  });
});

describe("languages that capitalise nouns", () => {
  it.each([
    ["de", true],
    ["de-CH", true],
    ["lb", true],
    ["gsw", true],
    ["es", false],
    ["nl", false],
    ["en", false],
  ])("%s: %s", (locale, expected) => {
    expect(capitalisesNouns(locale)).toBe(expected);
  });
});
