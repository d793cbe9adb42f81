import { basename, dirname, extname, join } from "node:path";
import { parseOneFileCommand, type CommandLine } from "../command-line.js";
import { checkLocale } from "../../core/locale/check-locale.js";
import { normalizeLocale } from "../../core/locale/normalize-locale.js";

export const LOCALIZE_USAGE = `Usage: glossa localize [options] <source.json | source.pot | source.po>

Translates the strings of a JSON file, or the entries of a gettext POT/PO catalogue, into one or
more locales with a Glossa server, sending only the strings that are new or changed since the last
run (recorded in glossa.lock.json); in a PO file, only the untranslated entries.

Options:
  --target, -t <locale>   target locale; repeat for several (required)
  --source, -s <locale>   source locale (default: the file name, e.g. en for en.json; en for a .pot)
  --engine, -e <eng_…>    engine to use (default: the organization's default engine)
  --out, -o <pattern>     where to write each target; {locale} is replaced
                          (default: <locale>.json next to the source file; <locale>.po,
                          gettext-style such as pt_BR.po, for a .pot or .po source)
  --lock <file>           lock file (default: glossa.lock.json next to the source file)
  --force                 translate every string again
  --fuzzy                 PO: send the entries marked fuzzy again
  --mark-fuzzy            PO: mark the entries the machine translated "#, fuzzy" for review
  --async                 run the translation as server jobs (one per group of up to 50
                          locales), with progress; resumes on the server if an instance dies.
                          Falls back to direct calls when the server has no jobs
  --help, -h              show this help

Environment:
  GLOSSA_API_KEY          the API key (required)
  GLOSSA_URL              the server (default http://127.0.0.1:8787)
`;

export interface LocalizeOptions {
  sourceFile: string;
  sourceLocale: string;
  targetLocales: string[];
  engineId: string | undefined;
  outPattern: string;
  lockFile: string;
  force: boolean;
  /** Use server jobs (docs/jobs.md) instead of one call per target and chunk. */
  async: boolean;
  /** The source is a gettext catalogue (.pot or .po). */
  gettext: boolean;
  /** PO: send fuzzy entries again. */
  fuzzy: boolean;
  /** PO: mark machine translations `#, fuzzy`. */
  markFuzzy: boolean;
}

/** A gettext catalogue by its extension. */
export function isGettextFile(file: string): boolean {
  return /\.pot?$/i.test(file);
}

/**
 * Whether `locale`'s language is one CLDR knows (the one locale rule, `checkLocale`), written in
 * its canonical form: `app` and `api` are well-formed BCP-47 but no language, and `nav` is Navajo
 * only as an alias (its code is `nv`).
 */
export function isKnownLanguage(locale: string): boolean {
  const language = locale.split("-")[0]!;
  const check = checkLocale(language);
  return check.ok && check.locale === language;
}

/**
 * `en.json` → en, `pt_BR.json` → pt-BR; `messages.json`, `app.json` and `nav.json` name no locale
 * (BCP-47 would allow them as languages), so those need `--source`.
 */
export function localeInFileName(file: string): string | null {
  const name = basename(file, extname(file));
  const locale = normalizeLocale(name);
  if (!locale || !/^[a-z]{2,3}(-|$)/.test(locale) || !isKnownLanguage(locale)) return null;
  // normalizeLocale canonicalizes aliases (nav → nv): the file must name the language as its code
  return name.split(/[-_]/)[0]!.toLowerCase() === locale.split("-")[0] ? locale : null;
}

export type ParsedLocalizeArgs = CommandLine<LocalizeOptions>;

/** Parses `glossa localize` arguments; pure apart from path arithmetic. */
export function parseLocalizeArgs(args: string[]): ParsedLocalizeArgs {
  const parsed = parseOneFileCommand(
    args,
    {
      target: { type: "string", short: "t", multiple: true },
      source: { type: "string", short: "s" },
      engine: { type: "string", short: "e" },
      out: { type: "string", short: "o" },
      lock: { type: "string" },
      force: { type: "boolean", default: false },
      async: { type: "boolean", default: false },
      fuzzy: { type: "boolean", default: false },
      "mark-fuzzy": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
    "Name exactly one source file.",
  );
  if (parsed.kind !== "parsed") return parsed;
  const { values, file: sourceFile } = parsed;

  const gettext = isGettextFile(sourceFile);
  // a POT holds the program's own strings, English by gettext's convention
  const fromFileName = localeInFileName(sourceFile) ?? (/\.pot$/i.test(sourceFile) ? "en" : null);
  const sourceLocale = values.source !== undefined ? normalizeLocale(values.source) : fromFileName;
  if (!sourceLocale) {
    return {
      kind: "usage_error",
      message:
        values.source !== undefined
          ? `"${values.source}" is not a BCP-47 locale.`
          : `Give the source locale with --source: the file name "${basename(sourceFile)}" is not a known locale (such as en.json or pt-BR.json).`,
    };
  }
  const targets = values.target ?? [];
  if (targets.length === 0) return { kind: "usage_error", message: "Give at least one --target locale." };
  const targetLocales: string[] = [];
  for (const target of targets) {
    const locale = normalizeLocale(target);
    if (!locale) return { kind: "usage_error", message: `"${target}" is not a BCP-47 locale.` };
    if (locale === sourceLocale) return { kind: "usage_error", message: `The target ${locale} is the source locale.` };
    if (!targetLocales.includes(locale)) targetLocales.push(locale);
  }
  if (!gettext && (values.fuzzy || values["mark-fuzzy"]))
    return { kind: "usage_error", message: "--fuzzy and --mark-fuzzy are for PO files." };
  const extension = gettext ? ".po" : extname(sourceFile) || ".json";
  const outPattern = values.out ?? join(dirname(sourceFile), `{locale}${extension}`);
  if (targetLocales.length > 1 && !outPattern.includes("{locale}")) {
    return { kind: "usage_error", message: "With several targets, --out must contain {locale}." };
  }
  return {
    kind: "run",
    options: {
      sourceFile,
      sourceLocale,
      targetLocales,
      engineId: values.engine,
      outPattern,
      lockFile: values.lock ?? join(dirname(sourceFile), "glossa.lock.json"),
      force: values.force ?? false,
      async: values.async ?? false,
      gettext,
      fuzzy: values.fuzzy ?? false,
      markFuzzy: values["mark-fuzzy"] ?? false,
    },
  };
}

export function targetPath(outPattern: string, locale: string): string {
  return outPattern.replaceAll("{locale}", locale);
}
