/**
 * The data of the fidelity bench, built at run time from the machine's own catalogues (they are
 * GPL: never committed): which entries count and the sample. Pure functions; reading the
 * catalogues is in catalogue-files.ts.
 */
import { hasProse } from "./measures.js";
import { printfConversions } from "./printf.js";
import type { PoEntry } from "./po.js";

/** Programs whose catalogues are read, in this order, where the machine has them. */
export const CATALOGUES = ["coreutils", "bash", "apt", "grep", "sed", "tar", "findutils", "diffutils"] as const;
/**
 * `BENCH_FIDELITY_CATALOGUES=other`: programs outside the default set, to see whether a rule fits
 * catalogues it was not tuned on (those present are read, in this order).
 */
export const OTHER_CATALOGUES = [
  "git",
  "gnupg2",
  "dpkg",
  "glib20",
  "gawk",
  "gettext-tools",
  "wget",
  "binutils",
  "libc",
  "man-db",
  "shadow",
  "systemd",
  "xz",
  "psmisc",
] as const;

/** The catalogue list a `BENCH_FIDELITY_CATALOGUES` value names: unset the default set, `other`, or names separated by commas. */
export function cataloguesNamed(value: string | undefined): readonly string[] {
  if (!value || value === "default") return CATALOGUES;
  if (value === "other") return OTHER_CATALOGUES;
  return value
    .split(",")
    .map((name) => name.trim())
    .filter((name) => /^[\w.+-]+$/.test(name));
}
export const MAX_ENTRIES = 1500;

export interface Sample {
  catalogue: string;
  source: string;
  /** The human translation. */
  human: string;
  /** Flagged `c-format`: by the catalogue, or because the source holds a printf conversion. */
  cFormat: boolean;
  /** Flagged because of the source's conversions only (`msgunfmt` restores few flags). */
  cFormatGuessed?: boolean;
}

/** Translated, not fuzzy, no plural forms, one line of 4–160 characters with a word of three letters or more. */
export function eligible(entry: PoEntry): boolean {
  const length = Array.from(entry.source).length;
  return (
    entry.sourcePlural === undefined &&
    entry.translations.length === 1 &&
    entry.translations[0] !== "" &&
    !entry.flags.includes("fuzzy") &&
    length >= 4 &&
    length <= 160 &&
    !/[\r\n]/.test(entry.source) &&
    hasProse(entry.source)
  );
}

/** The first occurrence of each eligible source across the catalogues, then every k-th up to `max`. */
export function selectSample(
  catalogues: readonly { name: string; entries: readonly PoEntry[] }[],
  max = MAX_ENTRIES,
): Sample[] {
  const seen = new Set<string>();
  const all: Sample[] = [];
  for (const { name, entries } of catalogues)
    for (const entry of entries) {
      if (!eligible(entry) || seen.has(entry.source)) continue;
      seen.add(entry.source);
      all.push({
        catalogue: name,
        source: entry.source,
        human: entry.translations[0]!,
        cFormat: entry.flags.includes("c-format") || printfConversions(entry.source).length > 0,
        cFormatGuessed: !entry.flags.includes("c-format") && printfConversions(entry.source).length > 0,
      });
    }
  const step = Math.max(1, Math.floor(all.length / max));
  return all.filter((_, index) => index % step === 0).slice(0, max);
}
