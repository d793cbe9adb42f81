import { describe, expect, it } from "vitest";
import {
  escapeIcuLiteral,
  pluralForms,
  pluralMessage,
  printfConversions,
} from "../../src/core/gettext/plural-message.js";

describe("a gettext plural entry is sent as one ICU plural message", () => {
  it("turns the count's conversion into # when both texts have the same single integer conversion", () => {
    expect(pluralMessage("%d file", "%d files", true)).toEqual({
      message: "{n, plural, one {# file} other {# files}}",
      count: "%d",
    });
    expect(pluralMessage("%'lu byte in %s", "%'lu bytes in %s", true).count).toBe("%'lu");
    expect(pluralMessage("%<PRIuMAX> block", "%<PRIuMAX> blocks", true).count).toBe("%<PRIuMAX>");
  });

  it("turns the plural's single count into # when the singular writes no number (`One file` / `%d files`)", () => {
    expect(pluralMessage("One file", "%d files", true)).toEqual({
      message: "{n, plural, one {One file} other {# files}}",
      count: "%d",
    });
  });

  it.each([
    ["%s byte", "%s bytes", "%s"],
    ["%s entry", "%s entries", "%s"],
    ["%s match found.", "%s matches found.", "%s"],
    ["Total: %.1f second", "Total: %.1f seconds", "%.1f"],
  ])("turns any conversion into # when it counts the noun right after it: %j / %j", (one, other, count) => {
    expect(pluralMessage(one, other, true).count).toBe(count);
  });

  it.each([
    ["Use '%s' to remove it.", "Use '%s' to remove them."],
    ["publication %s does not exist", "publications %s do not exist"],
    ["%s does not exist", "%s do not exist"],
    ["%s byte in %s", "%s bytes in %s"],
    ["%s byte", "%s bytes left"],
    ["%s file", "%s filesystems"],
    ["%s byte", "%s bytes"].map((text) => text.replace("%s", "%s ")),
  ])("keeps a conversion that is not the count of the noun after it as text: %j / %j", (one, other) => {
    expect(pluralMessage(one!, other!, true).count).toBeUndefined();
  });

  it("writes a counted %s back in every form, and a one-number form may leave it out", () => {
    const sent = { ...pluralMessage("%s byte", "%s bytes", true), singular: "%s byte" };
    expect(sent.message).toBe("{n, plural, one {# byte} other {# bytes}}");
    expect(
      pluralForms(
        "{n, plural, zero {لا بايت} one {بايت واحد} two {بايتان} few {# بايتات} many {# بايتًا} other {# بايت}}",
        ["zero", "one", "two", "few", "many", "other"],
        sent,
      ),
    ).toEqual({ ok: true, forms: ["لا بايت", "بايت واحد", "بايتان", "%s بايتات", "%s بايتًا", "%s بايت"] });
  });

  it.each([
    ["%d file of %d", "%d files of %d", true],
    ["%d file", "%u files", true],
    ["%d file", "%d files", false],
  ])("keeps the conversions as text when the count is ambiguous or not printf: %j / %j", (one, other, printf) => {
    expect(pluralMessage(one, other, printf).count).toBeUndefined();
  });

  it("escapes apostrophes, braces and # for ICU", () => {
    expect(escapeIcuLiteral("it's {x} #1")).toBe("it''s '{'x'}' '#'1");
    expect(pluralMessage("%d file's #", "%d files' {x}", true).message).toBe(
      "{n, plural, one {# file''s '#'} other {# files'' '{'x'}'}}",
    );
  });

  it("lists printf conversions without %%", () => {
    expect(printfConversions("%% %s %2$d %-5.2f").map((c) => c.text)).toEqual(["%s", "%2$d", "%-5.2f"]);
  });
});

describe("the answer's branches become the gettext forms", () => {
  const sent = { ...pluralMessage("%d file", "%d files", true), singular: "%d file" };

  it("takes each form from the branch of its category and puts the conversion back", () => {
    expect(
      pluralForms(
        "{n, plural, one {# plik} few {# pliki} many {# plików} other {# pliku}}",
        ["one", "few", "many"],
        sent,
      ),
    ).toEqual({ ok: true, forms: ["%d plik", "%d pliki", "%d plików"] });
  });

  it("completes a form whose category the answer lacks from its other branch", () => {
    expect(pluralForms("{n, plural, one {# plik} other {# plików}}", ["one", "few", "many"], sent)).toEqual({
      ok: true,
      forms: ["%d plik", "%d plików", "%d plików"],
    });
  });

  it("unescapes ICU quoting", () => {
    const quoted = { ...pluralMessage("it's %d", "it's %d #", true), singular: "it's %d" };
    expect(pluralForms("{n, plural, one {c''est #} other {c''est # '#'}}", ["one", "other"], quoted)).toEqual({
      ok: true,
      forms: ["c'est %d", "c'est %d #"],
    });
  });

  it("numbers the count where the answer made the other conversions positional", () => {
    const two = { ...pluralMessage("%s: %d file", "%s: %d files", true), singular: "%s: %d file" };
    expect(pluralForms("{n, plural, one {# plik: %1$s} other {# plików: %1$s}}", ["one", "other"], two)).toEqual({
      ok: true,
      forms: ["%2$d plik: %1$s", "%2$d plików: %1$s"],
    });
  });

  it.each([
    ["not ICU {", "not an ICU message"],
    ["plain text", "no plural argument"],
    ["{n, plural, one {a}}", 'neither a "few" nor an "other"'],
  ])("refuses %j", (answer, message) => {
    const result = pluralForms(answer, ["one", "few"], sent);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain(message);
  });

  it("refuses a # when the source had no count", () => {
    const plain = { ...pluralMessage("a file", "files", true), singular: "a file" };
    expect(pluralForms("{n, plural, one {# a} other {b}}", ["one", "other"], plain).ok).toBe(false);
  });
});
