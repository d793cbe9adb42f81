/**
 * The yardsticks of the quality-report bench: translate-toolkit's `pofilter` and gettext's
 * `msgfmt -c`, run on a PO file of the same pairs. Each entry carries its index as `msgctxt`, so
 * that what a tool reports is traced back to it.
 */
import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { quotePoString } from "../../src/core/gettext/po-string.js";
import { printfConversions } from "../fidelity/printf.js";

const run = promisify(execFile);

export interface PoPair {
  source: string;
  translation: string;
}

/** A UTF-8 catalogue of the pairs; entry i has `msgctxt "i"` and starts at line `lines[i]`. */
export function pairsPo(language: string, pairs: readonly PoPair[]): { text: string; lines: number[] } {
  const out = [
    'msgid ""',
    'msgstr ""',
    `"Language: ${language}\\n"`,
    '"MIME-Version: 1.0\\n"',
    '"Content-Type: text/plain; charset=UTF-8\\n"',
    '"Content-Transfer-Encoding: 8bit\\n"',
    '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
    "",
  ];
  const lines: number[] = [];
  pairs.forEach((pair, index) => {
    lines.push(out.length + 1);
    // Flagged as xgettext flags C sources: an entry whose source has a printf conversion.
    if (printfConversions(pair.source).length > 0) out.push("#, c-format");
    out.push(
      `msgctxt "${index}"`,
      `msgid ${quotePoString(pair.source)}`,
      `msgstr ${quotePoString(pair.translation)}`,
      "",
    );
  });
  return { text: out.join("\n"), lines };
}

/** Per entry, the names of the pofilter tests that failed (an empty list when none). */
export async function pofilterFindings(dir: string, language: string, pairs: readonly PoPair[]): Promise<string[][]> {
  const input = join(dir, `pofilter-in-${language}.po`);
  const output = join(dir, `pofilter-out-${language}.po`);
  await writeFile(input, pairsPo(language, pairs).text);
  await run("pofilter", ["--progress=none", `--language=${language}`, "-i", input, "-o", output], {
    maxBuffer: 256 * 1024 * 1024,
  });
  const found: string[][] = pairs.map(() => []);
  let tests: string[] = [];
  // pofilter writes no file when no entry fails.
  const text = await readFile(output, "utf8").catch(() => "");
  for (const line of text.split("\n")) {
    const test = /^# \(pofilter\) ([\w-]+):/.exec(line);
    if (test) tests.push(test[1]!);
    const context = /^msgctxt "(\d+)"$/.exec(line);
    if (context) {
      found[Number(context[1])] = tests;
      tests = [];
    }
  }
  return found;
}

/** Per entry, whether `msgfmt -c` reported it (its messages name the line of the entry). */
export async function msgfmtFindings(dir: string, language: string, pairs: readonly PoPair[]): Promise<boolean[]> {
  const file = join(dir, `msgfmt-${language}.po`);
  const { text, lines } = pairsPo(language, pairs);
  await writeFile(file, text);
  let stderr = "";
  try {
    await run("msgfmt", ["-c", "-o", "/dev/null", file], { maxBuffer: 256 * 1024 * 1024 });
  } catch (error) {
    stderr = String((error as { stderr?: string }).stderr ?? "");
  }
  const flagged = pairs.map(() => false);
  for (const match of stderr.matchAll(/:(\d+): /g)) {
    const line = Number(match[1]);
    // The entry that starts last at or before the line.
    let low = 0;
    let high = lines.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (lines[middle]! <= line) low = middle;
      else high = middle - 1;
    }
    if (lines[low]! <= line) flagged[low] = true;
  }
  return flagged;
}
