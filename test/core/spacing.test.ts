import { describe, expect, it } from "vitest";
import { keepSourceSpacing } from "../../src/core/content/spacing.js";
import { hasProse } from "../../src/core/content/has-prose.js";
import { postEdit } from "../../src/core/content/post-edit.js";

describe("a doubled space the source does not have becomes one", () => {
  it.each([
    ["Hello {name}, you have {#1}", "Hola {name},  tienes {#1}", "Hola {name}, tienes {#1}"],
    ["the user is John and it", "El usuario es John  y él", "El usuario es John y él"],
    ["Hello %s, bye", "Hola  %s,  adiós", "Hola %s, adiós"],
    ["open <b>file</b> now", "abre  <b>fichero</b>  ahora", "abre <b>fichero</b> ahora"],
  ])("%j → %j becomes %j", (source, output, expected) => {
    expect(keepSourceSpacing(source, output)).toBe(expected);
  });
});

describe("the source's own spacing is kept", () => {
  it.each([
    // a run the source has between two words
    ["Name:  {name}", "Nombre:  {name}"],
    ["a   b", "x   y"],
    // newlines, and indentation after them
    ["line one\n  line two", "línea uno\n  línea dos"],
    ["first\n\nsecond", "primero\n\nsegundo"],
    // runs next to a tab
    ["a\t  b", "x\t  y"],
    // columns the translator re-aligned to the translation's widths (a run of three or more is layout)
    ["%sDate:      %s", "%sFecha:     %s"],
    ["\t\tAttributes    : ", "\t\tAtributs      : "],
    ["Access Rights : ", "Drets d’accés    : "],
    ["  Num:    Index       Value  Name", "  Num:    Índice      Valor  Nombre"],
    // a source that spaces with runs lets the translation do so with runs of its own length
    ["  flags:         0x%04x ", "  opciones:      0x%04x "],
    ["Name:  {name}  Age:   {age}", "Nombre:  {name}  Edad:  {age}"],
  ])("%j → %j stays", (source, output) => {
    expect(keepSourceSpacing(source, output)).toBe(output);
  });
});

describe("the edges are left as they are", () => {
  it.each([
    ["Hello ", "Hola  "],
    ["  indented", "  sangrado"],
    ["no edges", "  sin bordes  "],
    ["\nnew line\n", "\n\nnueva línea"],
  ])("%j → %j stays", (source, output) => {
    expect(keepSourceSpacing(source, output)).toBe(output);
  });
});

describe("the post-edit applies spacing and casing together", () => {
  it("fixes an Apertium answer", () => {
    expect(postEdit("you have {count} new message", "Tienes {count}  mensaje nuevo", "es")).toBe(
      "tienes {count} mensaje nuevo",
    );
  });
});

describe("a string has prose when its text outside protected tokens has a word of three letters", () => {
  it.each([
    ["Save", true],
    ["Hello {name}", true],
    ["OK", false],
    ["%s: %s", false],
    ["{count}", false],
    ["<b>{name}</b>", false],
    ["`npm install`", false],
    ["v1.2", false],
  ])("%j: %s", (text, expected) => {
    expect(hasProse(text)).toBe(expected);
  });
});
