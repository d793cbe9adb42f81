import { describe, expect, it } from "vitest";
import { fromPointer, toPointer } from "../../src/cli/localize/json-pointer.js";
import {
  emptyLock,
  lockedHashes,
  parseLock,
  serializeLock,
  withLockedHashes,
} from "../../src/cli/localize/lock-file.js";
import { planJobs } from "../../src/cli/localize/plan-jobs.js";
import { localeInFileName, parseLocalizeArgs } from "../../src/cli/localize/options.js";
import {
  chunkPointers,
  hashesToLock,
  hashSourceString,
  NOT_TRANSLATED,
  planTarget,
} from "../../src/cli/localize/plan-target.js";
import { failedPointers, untranslatedOf, untranslatedWarning } from "../../src/cli/localize/untranslated.js";
import { flattenStrings, pickStrings, replaceStrings, type Json } from "../../src/cli/localize/strings-by-pointer.js";

const source: Json = JSON.parse(
  '{"title":"Hello","menu":{"open":"Open","a/b~c":"Odd"},"count":2,"list":["One",3,"Three"],"__proto__":"Proto","empty":{}}',
);

describe("JSON pointers", () => {
  it("escape ~ and / and round-trip", () => {
    expect(toPointer(["menu", "a/b~c", 0])).toBe("/menu/a~1b~0c/0");
    expect(fromPointer("/menu/a~1b~0c/0")).toEqual(["menu", "a/b~c", "0"]);
    expect(fromPointer("")).toEqual([]);
  });
});

describe("strings by pointer", () => {
  it("flattens the string leaves in document order", () => {
    expect([...flattenStrings(source)]).toEqual([
      ["/title", "Hello"],
      ["/menu/open", "Open"],
      ["/menu/a~1b~0c", "Odd"],
      ["/list/0", "One"],
      ["/list/2", "Three"],
      ["/__proto__", "Proto"],
    ]);
  });

  it("picks some strings, keeping the shape and array positions", () => {
    expect(pickStrings(source, new Set(["/menu/open", "/list/2"]))).toEqual({
      menu: { open: "Open" },
      list: [null, null, "Three"],
    });
    const proto = pickStrings(source, new Set(["/__proto__"])) as Record<string, Json>;
    expect(Object.hasOwn(proto, "__proto__")).toBe(true);
    expect(pickStrings(source, new Set())).toEqual({});
  });

  it("replaces strings and copies everything else, own __proto__ keys included", () => {
    const replaced = replaceStrings(
      source,
      new Map([
        ["/title", "Hallo"],
        ["/__proto__", "Proto!"],
      ]),
    );
    expect(JSON.stringify(replaced)).toBe(
      '{"title":"Hallo","menu":{"open":"Open","a/b~c":"Odd"},"count":2,"list":["One",3,"Three"],"__proto__":"Proto!","empty":{}}',
    );
  });
});

describe("planTarget", () => {
  const strings = new Map([
    ["/a", "A"],
    ["/b", "B"],
    ["/c", "C"],
    ["/d", "D"],
  ]);
  const locked = { "/a": hashSourceString("A"), "/b": hashSourceString("old B"), "/d": hashSourceString("D") };
  const existing = new Map([
    ["/a", "a-de"],
    ["/b", "b-de"],
    ["/c", "c-de (by hand)"],
  ]);

  it("translates what is new or changed, keeps the rest, and adopts unrecorded translations", () => {
    const plan = planTarget({ source: strings, locked, existing, force: false });
    expect(plan.translate).toEqual(["/b", "/d"]);
    expect([...plan.keep]).toEqual([
      ["/a", "a-de"],
      ["/c", "c-de (by hand)"],
    ]);
    expect(plan.hashes).toEqual({
      "/a": hashSourceString("A"),
      "/b": hashSourceString("B"),
      "/c": hashSourceString("C"),
      "/d": hashSourceString("D"),
    });
  });

  it("translates everything when forced", () => {
    expect(planTarget({ source: strings, locked, existing, force: true }).translate).toEqual(["/a", "/b", "/c", "/d"]);
  });

  it("chunks by count and by characters", () => {
    const many = new Map(Array.from({ length: 5 }, (_, i) => [`/${i}`, "x".repeat(10)] as [string, string]));
    expect(chunkPointers([...many.keys()], many, 2)).toEqual([["/0", "/1"], ["/2", "/3"], ["/4"]]);
    expect(chunkPointers([...many.keys()], many, 100, 25)).toEqual([["/0", "/1"], ["/2", "/3"], ["/4"]]);
  });
});

describe("lock file", () => {
  it("records hashes per source file and target, and serializes sorted", () => {
    let lock = withLockedHashes(emptyLock(), "en.json", "fr", { "/a": "1" });
    lock = withLockedHashes(lock, "en.json", "de", { "/a": "2" });
    expect(lockedHashes(lock, "en.json", "de")).toEqual({ "/a": "2" });
    expect(lockedHashes(lock, "en.json", "it")).toEqual({});
    const text = serializeLock(lock);
    expect(text.indexOf('"de"')).toBeLessThan(text.indexOf('"fr"'));
    expect(parseLock(text)).toEqual(lock);
    expect(() => parseLock('{"version":2}')).toThrow(/not a glossa lock file/);
  });
});

describe("strings the server did not translate", () => {
  const items = untranslatedOf([
    { path: ["menu", "open"], code: "engine_failed", reason: 'openai/m: lost "{name}".' },
    { path: ["list", 0], code: "unchanged", reason: "the engine returned it unchanged." },
    { path: "not a path", code: "engine_failed", reason: "x" },
  ]);

  it("are read from the answer, ill-formed items left out; an older server sends none", () => {
    expect(items.map((item) => item.path)).toEqual([
      ["menu", "open"],
      ["list", 0],
    ]);
    expect(untranslatedOf(undefined)).toEqual([]);
  });

  it("failed ones are not locked, so the next run sends them again; unchanged ones are", () => {
    const failed = failedPointers(items);
    expect([...failed]).toEqual(["/menu/open"]);
    const hashes = { "/menu/open": hashSourceString("Open"), "/list/0": hashSourceString("One") };
    const locked = hashesToLock(hashes, failed);
    expect(locked).toEqual({ "/menu/open": NOT_TRANSLATED, "/list/0": hashSourceString("One") });
    const next = planTarget({
      source: new Map([
        ["/menu/open", "Open"],
        ["/list/0", "One"],
      ]),
      locked,
      // the file holds the source text the server answered with
      existing: new Map([
        ["/menu/open", "Open"],
        ["/list/0", "One"],
      ]),
      force: false,
    });
    expect(next.translate).toEqual(["/menu/open"]);
  });

  it("are named in the warning with their reason", () => {
    const warning = untranslatedWarning("es", items);
    expect(warning).toContain("es: 1 string(s) not translated");
    expect(warning).toContain('/menu/open: openai/m: lost "{name}".');
    expect(warning).toContain("es: 1 string(s) returned unchanged");
    expect(untranslatedWarning("es", [])).toBe("");
  });
});

describe("parseLocalizeArgs", () => {
  it("defaults the source locale from the file name and the output next to it", () => {
    const parsed = parseLocalizeArgs(["-t", "de", "--target", "fr_FR", "locales/en.json"]);
    expect(parsed).toEqual({
      kind: "run",
      options: {
        sourceFile: "locales/en.json",
        sourceLocale: "en",
        targetLocales: ["de", "fr-FR"],
        engineId: undefined,
        outPattern: "locales/{locale}.json",
        lockFile: "locales/glossa.lock.json",
        force: false,
        async: false,
        gettext: false,
        fuzzy: false,
        markFuzzy: false,
      },
    });
  });

  it("reads a POT as English and writes gettext-named PO files next to it", () => {
    expect(parseLocalizeArgs(["-t", "pt-BR", "--fuzzy", "--mark-fuzzy", "po/messages.pot"])).toMatchObject({
      kind: "run",
      options: { sourceLocale: "en", outPattern: "po/{locale}.po", gettext: true, fuzzy: true, markFuzzy: true },
    });
    expect(parseLocalizeArgs(["-t", "de", "po/en.po"])).toMatchObject({
      kind: "run",
      options: { sourceLocale: "en", outPattern: "po/{locale}.po", gettext: true },
    });
    expect(parseLocalizeArgs(["-t", "de", "--fuzzy", "en.json"])).toEqual({
      kind: "usage_error",
      message: "--fuzzy and --mark-fuzzy are for PO files.",
    });
  });

  it("refuses what cannot work", () => {
    expect(parseLocalizeArgs(["--target", "de", "messages.json"])).toMatchObject({
      kind: "usage_error",
      message: expect.stringContaining("--source"),
    });
    expect(parseLocalizeArgs(["en.json"])).toMatchObject({
      kind: "usage_error",
      message: expect.stringContaining("--target"),
    });
    expect(parseLocalizeArgs(["-t", "de", "-t", "fr", "--out", "out.json", "en.json"])).toMatchObject({
      kind: "usage_error",
      message: expect.stringContaining("{locale}"),
    });
    expect(parseLocalizeArgs(["-t", "en", "en.json"])).toMatchObject({ kind: "usage_error" });
    expect(parseLocalizeArgs(["--bogus", "en.json"])).toMatchObject({ kind: "usage_error" });
    expect(parseLocalizeArgs(["--help"])).toEqual({ kind: "help" });
  });

  it("reads a locale from a file name only when it is a known language in its canonical form", () => {
    for (const name of ["app.json", "nav.json", "api.json", "web.json", "eng.json", "ui.json"])
      expect(localeInFileName(`locales/${name}`), name).toBeNull();
    for (const [name, locale] of <[string, string][]>[
      ["en.json", "en"],
      ["pt_BR.json", "pt-BR"],
      ["zh-Hant.json", "zh-Hant"],
      ["fil.json", "fil"],
      ["es-419.json", "es-419"],
    ])
      expect(localeInFileName(name)).toBe(locale);
    expect(parseLocalizeArgs(["-t", "de", "src/nav.json"])).toEqual({
      kind: "usage_error",
      message:
        'Give the source locale with --source: the file name "nav.json" is not a known locale (such as en.json or pt-BR.json).',
    });
    expect(parseLocalizeArgs(["-t", "de", "-s", "en", "src/app.json"])).toMatchObject({
      kind: "run",
      options: { sourceLocale: "en" },
    });
  });
});

describe("--async: which server jobs a run needs", () => {
  const plan = (...translate: string[]) => ({ translate });

  it("targets that need the same strings share one job; others get their own; up-to-date targets none", () => {
    const plans = new Map([
      ["de", plan("/a", "/b")],
      ["fr", plan("/a", "/b")],
      ["ja", plan("/b")],
      ["it", plan()],
    ]);
    expect(planJobs(plans)).toEqual([
      { pointers: ["/a", "/b"], targets: ["de", "fr"] },
      { pointers: ["/b"], targets: ["ja"] },
    ]);
  });

  it("a job holds at most 50 locales", () => {
    const plans = new Map(Array.from({ length: 120 }, (_, i) => [`en-${100 + i}`, plan("/a")] as const));
    expect(planJobs(plans).map((batch) => batch.targets.length)).toEqual([50, 50, 20]);
  });

  it("parses --async", () => {
    const parsed = parseLocalizeArgs(["--async", "-t", "de", "en.json"]);
    expect(parsed.kind === "run" && parsed.options.async).toBe(true);
  });
});
