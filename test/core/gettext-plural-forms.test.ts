import { describe, expect, it } from "vitest";
import { parsePluralExpression } from "../../src/core/gettext/plural-expression.js";
import { gettextPluralForms, indexCategories, parsePluralForms } from "../../src/core/gettext/plural-forms.js";
import { GETTEXT_PLURAL_FORMS } from "../../src/core/gettext/plural-forms-table.js";

const PL = "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);";
const AR = "nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;";
const GA5 = "nplurals=5; plural=n==1 ? 0 : n==2 ? 1 : (n>2 && n<7) ? 2 :(n>6 && n<11) ? 3 : 4;";

describe("the Plural-Forms expression is evaluated without eval", () => {
  const evaluate = (text: string, n: number) => {
    const parsed = parsePluralExpression(text);
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.evaluate(n);
  };

  it.each([
    ["n != 1", 1, 0],
    ["n != 1", 2, 1],
    ["n > 1", 0, 0],
    ["0", 7, 0],
    ["n==1 ? 0 : n==2 ? 1 : 2", 2, 1],
    ["(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2", 4, 1],
    ["n%10==1 && n%100!=11 ? 0 : 1", 11, 1],
    ["n%10==1 && n%100!=11 ? 0 : 1", 21, 0],
    ["!(n == 1)", 1, 0],
    ["!n", 0, 1],
    ["n * 2 + 1 - 3 / 3", 4, 8],
    ["1 + 2 * 3", 0, 7],
    ["(1 + 2) * 3", 0, 9],
    ["n <= 3 || n >= 10", 5, 0],
    ["n < 3 || n > 10", 11, 1],
    ["n / 0", 1, Number.NaN],
  ])("%s with n=%i → %s", (text, n, expected) => {
    expect(evaluate(text, n)).toBe(expected);
  });

  it.each([
    ["n ==", "it ends too early"],
    ["n ? 1", 'expected ":"'],
    ["eval(n)", "unexpected"],
    ["n; 1", "unexpected"],
    ["", "empty"],
    ["(n", 'expected ")"'],
  ])("refuses %j", (text, message) => {
    const parsed = parsePluralExpression(text);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toContain(message);
  });

  it("refuses expressions nested beyond the bound rather than overflowing the stack", () => {
    expect(parsePluralExpression(`${"(".repeat(200)}n${")".repeat(200)}`).ok).toBe(false);
    expect(parsePluralExpression("n".padEnd(2000, " ")).ok).toBe(false);
  });
});

describe("a Plural-Forms header is read", () => {
  it("gives nplurals and the form of each number", () => {
    const parsed = parsePluralForms(PL);
    expect(parsed.ok && parsed.forms.nplurals).toBe(3);
    expect(parsed.ok && [1, 2, 5, 22, 25, 112].map(parsed.forms.evaluate)).toEqual([0, 1, 2, 1, 2, 2]);
  });

  it.each([
    ["nplurals=INTEGER; plural=EXPRESSION;", "is not"],
    ["nplurals=0; plural=0;", "between 1"],
    ["nplurals=2; plural=n !!= 1;", "cannot be read"],
    ["plural=n != 1;", "is not"],
  ])("refuses %j", (text, message) => {
    const parsed = parsePluralForms(text);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toContain(message);
  });
});

describe("gettext's table (what msginit writes)", () => {
  it.each([
    ["pl", PL],
    ["ja", "nplurals=1; plural=0;"],
    ["es", "nplurals=2; plural=(n != 1);"],
    ["pt-BR", "nplurals=2; plural=(n > 1);"],
    ["de-AT", "nplurals=2; plural=(n != 1);"],
  ])("%s → %s", (locale, expected) => {
    expect(gettextPluralForms(locale)).toBe(expected);
  });

  it("knows no Plural-Forms for a language msginit does not know", () => {
    expect(gettextPluralForms("ar")).toBeUndefined();
    expect(gettextPluralForms("tlh")).toBeUndefined();
  });

  it("every row of the table parses and maps each of its forms to a category", () => {
    for (const [language, text] of Object.entries(GETTEXT_PLURAL_FORMS)) {
      const parsed = parsePluralForms(text);
      expect(parsed.ok, language).toBe(true);
      if (parsed.ok) expect(indexCategories(parsed.forms, language.replace("_", "-")).ok, language).toBe(true);
    }
  });
});

describe("each gettext form is mapped to the CLDR category of its numbers", () => {
  const categories = (text: string, locale: string) => {
    const parsed = parsePluralForms(text);
    if (!parsed.ok) throw new Error(parsed.message);
    return indexCategories(parsed.forms, locale);
  };

  it.each([
    ["ja", "nplurals=1; plural=0;", ["other"]],
    ["es", "nplurals=2; plural=(n != 1);", ["one", "other"]],
    ["pl", PL, ["one", "few", "many"]],
    ["ru", GETTEXT_PLURAL_FORMS.ru!, ["one", "few", "many"]],
    ["cs", GETTEXT_PLURAL_FORMS.cs!, ["one", "few", "other"]],
    ["ga", GA5, ["one", "two", "few", "many", "other"]],
    ["ga", GETTEXT_PLURAL_FORMS.ga!, ["one", "two", "other"]],
    ["ar", AR, ["zero", "one", "two", "few", "many", "other"]],
  ])("%s: %s", (locale, text, expected) => {
    expect(categories(text, locale)).toEqual({ ok: true, categories: expected });
  });

  it("names a form no number takes", () => {
    const mapped = categories("nplurals=3; plural=n==1 ? 0 : 1;", "en");
    expect(mapped).toEqual({ ok: false, message: "no number from 0 to 1000 takes form 2" });
  });

  it("names a number whose form is beyond nplurals", () => {
    const mapped = categories("nplurals=2; plural=n;", "en");
    expect(mapped).toEqual({ ok: false, message: "for n=2 it gives form 2, not one of 0–1" });
  });
});
