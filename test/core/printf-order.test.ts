import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { printfOrderPlan, restorePrintfOrder } from "../../src/core/content/printf-order.js";

describe("printf order: two or more non-positional conversions are sent numbered", () => {
  it.each([
    ["%s of %d", "%1$s of %2$d"],
    ["line %d character %zd '%s'", "line %1$d character %2$zd '%3$s'"],
    ["'%.250s' at %lld, %-10s and %#x", "'%1$.250s' at %2$lld, %3$-10s and %4$#x"],
    ["%@ sent %lu photos", "%1$@ sent %2$lu photos"],
    ["%hhu %Lf %jd %td %qd %c %p %e %G %a %'d", "%1$hhu %2$Lf %3$jd %4$td %5$qd %6$c %7$p %8$e %9$G %10$a %11$'d"],
    // A `*` takes an argument of its own, before the conversion's: C's argument numbers.
    ["%*d of %.*s", "%2$*1$d of %4$.*3$s"],
    ["%s: %.*s", "%1$s: %3$.*2$s"],
    ["%-*.*s|%d", "%3$-*1$.*2$s|%4$d"],
    // gettext's <inttypes.h> macros are conversions too.
    ["truncate %s at %<PRIdMAX> bytes", "truncate %1$s at %2$<PRIdMAX> bytes"],
    ["%s:%<PRIuMAX>: unsorted: %.*s", "%1$s:%2$<PRIuMAX>: unsorted: %4$.*3$s"],
    ["100%% of %s at %d", "100%% of %1$s at %2$d"],
    ["`%s' is not `%s=%s'", "`%1$s' is not `%2$s=%3$s'"],
  ])("%j → %j", (source, sent) => {
    const plan = printfOrderPlan(source);
    expect(plan.kind).toBe("numbered");
    expect(plan.text).toBe(sent);
  });

  it.each([
    ["one %s only"],
    ["%1$s and %2$d"], // positional already: any order is fine
    ["%1$s and %d"], // a mix is left as it is
    ["100%% sure, %s"],
    ["no conversions at all"],
    ["%(name)s and %(count)d"], // Python's named conversions are not consumed in order
    ["{0} and {1}"],
    ["%s"],
  ])("%j is sent as it is", (source) => {
    expect(printfOrderPlan(source)).toEqual({ kind: "as-is", text: source });
  });
});

describe("printf order: the answer is restored, kept positional or refused", () => {
  it.each([
    // Same order: back to the source's spelling exactly.
    ["line %d character %zd '%s'", "línea %1$d carácter %2$zd '%3$s'", "línea %d carácter %zd '%s'"],
    ["'%.250s' at %lld", "'%1$.250s' en %2$lld", "'%.250s' en %lld"],
    ["%*d of %.*s", "%2$*1$d de %4$.*3$s", "%*d de %.*s"],
    ["size %<PRIuMAX> of %s", "tamaño %1$<PRIuMAX> de %2$s", "tamaño %<PRIuMAX> de %s"],
    ["%@ sent %lu photos", "%1$@ envió %2$lu fotos", "%@ envió %lu fotos"],
    // Same order, a precision of the translator's own: unnumbered, the translator's precision kept.
    ["file '%s' of package '%s'", "fitxer «%1$s» del paquet «%2$.250s»", "fitxer «%s» del paquet «%.250s»"],
    ["%s at %d", "%1$-10s en %2$5d", "%-10s en %5d"],
    // Reordered: positional form kept.
    [
      "syntax error at line %d character %zd '%s'",
      "error de sintaxis en el carácter %2$zd de la línea %1$d '%3$s'",
      "error de sintaxis en el carácter %2$zd de la línea %1$d '%3$s'",
    ],
    ["%s of %d", "%2$d de %1$s", "%2$d de %1$s"],
    // A * width or precision keeps its own argument number: valid C and msgfmt -c.
    ["%*d of %s", "%3$s de %2$*1$d", "%3$s de %2$*1$d"],
    ["%s: %.*s", "%3$.*2$s: %1$s", "%3$.*2$s: %1$s"],
    ["truncate %s at %<PRIdMAX>", "truncar a %2$<PRIdMAX> %1$s", "truncar a %2$<PRIdMAX> %1$s"],
    // Not numbered: the answer as it is.
    ["one %s only", "solo un %s", "solo un %s"],
  ])("%j answered %j → %j", (source, answer, final) => {
    expect(restorePrintfOrder(printfOrderPlan(source), answer)).toBe(final);
  });

  it("leaves conversions that are not the plan's alone", () => {
    expect(restorePrintfOrder(printfOrderPlan("%s of %d"), "%1$s de %2$d (%3$x)")).toBe("%s de %d (%3$x)");
  });
});

describe("printf order: an answer that keeps every numbered conversion in place gives back the source exactly", () => {
  const pieces = [
    "%s",
    "%d",
    "%zd",
    "%.250s",
    "%*d",
    "%.*s",
    "%<PRIdMAX>",
    "%%",
    "%1$s",
    "%",
    "$",
    "1",
    " ",
    "a",
    "'",
    "`",
    "{x}",
    "%(n)s",
    "<b>",
  ];
  it("for strings built from printf pieces", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { maxLength: 30 }).map((parts) => parts.join("")),
        (source) => {
          const plan = printfOrderPlan(source);
          expect(restorePrintfOrder(plan, plan.text)).toBe(source);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("printf order: conversions inside a tag's attributes are C's arguments too", () => {
  it.each([
    // glib's schema messages: the tag's %s is the second argument, the quoted one the third.
    ["%s in <schema id='%s'> is “%s”", "%1$s in <schema id='%2$s'> is “%3$s”"],
    ["<schema id='%s'> extends “%s” and “%d”", "<schema id='%1$s'> extends “%2$s” and “%3$d”"],
    ["<key name='%s'> shadows <key name='%s'>", "<key name='%1$s'> shadows <key name='%2$s'>"],
  ])("%j → %j", (source, sent) => {
    const plan = printfOrderPlan(source);
    expect(plan.kind).toBe("numbered");
    expect(plan.text).toBe(sent);
  });

  it.each([
    [
      "kept order: back to the source's spelling, tag included",
      "%s in <schema id='%s'> is “%s”",
      "%1$s a <schema id='%2$s'> és «%3$s»",
      "%s a <schema id='%s'> és «%s»",
    ],
    [
      "reordered: positional everywhere, the tag's conversion keeps its number",
      "%s in <schema id='%s'> is “%s”",
      "«%3$s» és %1$s a <schema id='%2$s'>",
      "«%3$s» és %1$s a <schema id='%2$s'>",
    ],
    [
      "two tags exchanged: positional",
      "<key name='%s'> shadows <key name='%s'>",
      "<key name='%2$s'> queda amagada per <key name='%1$s'>",
      "<key name='%2$s'> queda amagada per <key name='%1$s'>",
    ],
  ])("%s", (_, source, answer, restored) => {
    expect(restorePrintfOrder(printfOrderPlan(source), answer)).toBe(restored);
  });
});
