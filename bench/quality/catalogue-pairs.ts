/**
 * The human pairs of the quality-report bench, built at run time from the machine's own
 * catalogues (GPL: never committed): `msgunfmt` of coreutils, tar, grep, sed and bash for one
 * language, into a temporary folder deleted afterwards.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { parsePo, type PoEntry } from "../fidelity/po.js";

const run = promisify(execFile);

export const QUALITY_CATALOGUES = ["coreutils", "tar", "grep", "sed", "bash"] as const;

export interface HumanPair {
  catalogue: string;
  source: string;
  human: string;
}

/** Translated, not fuzzy, without plural forms, not the header; the first occurrence of each source. */
export function humanPairs(catalogues: readonly { name: string; entries: readonly PoEntry[] }[]): HumanPair[] {
  const seen = new Set<string>();
  const pairs: HumanPair[] = [];
  for (const { name, entries } of catalogues)
    for (const entry of entries) {
      if (entry.source === "" || entry.sourcePlural !== undefined || entry.flags.includes("fuzzy")) continue;
      const human = entry.translations[0];
      if (!human || seen.has(entry.source)) continue;
      seen.add(entry.source);
      pairs.push({ catalogue: name, source: entry.source, human });
    }
  return pairs;
}

/** The catalogues of `language` the machine has, read with msgunfmt; an empty list when it has none. */
export async function readCatalogues(language: string): Promise<{ name: string; entries: PoEntry[] }[]> {
  const folder = await mkdtemp(join(tmpdir(), "glossa-quality-"));
  try {
    const out: { name: string; entries: PoEntry[] }[] = [];
    for (const name of QUALITY_CATALOGUES) {
      const mo = `/usr/share/locale/${language}/LC_MESSAGES/${name}.mo`;
      if (!existsSync(mo)) continue;
      const po = join(folder, `${name}.po`);
      await run("msgunfmt", ["-o", po, mo], { maxBuffer: 64 * 1024 * 1024 });
      out.push({ name, entries: parsePo(await readFile(po, "utf8")) });
    }
    return out;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
