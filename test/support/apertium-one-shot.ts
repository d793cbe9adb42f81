import { execFile } from "node:child_process";
import { join } from "node:path";

const MODES_DIR = join(process.env.APERTIUM_DATADIR ?? "/usr/share/apertium", "modes");

/**
 * The pipeline a one-shot run of Apertium's HTML format goes through, as docs/engines.md ("How
 * Apertium runs: warm pipelines") says Glossa runs it: `apertium-deshtml`, the mode's programs as
 * `apertium-wblank-mode` prints them (`$1` = `-n`, what `apertium -u` passes; `$2` empty), then
 * `apertium-rehtml`, every program started once for the one document.
 *
 * Not `apertium -f html`: that script runs Transfuse (`tf-extract`/`tf-inject`) instead of
 * deshtml/rehtml whenever Transfuse is installed (Apertium's package recommends it), and the two
 * differ in letter case after tags and placeholders, so a reference taken from it would depend on
 * how the machine was set up.
 */
const PIPELINE = 'set -o pipefail; apertium-deshtml | bash <(apertium-wblank-mode "$1") -n "" | apertium-rehtml';

/** What Apertium's HTML format makes of `html` in `mode` (`eng-spa`), one run of every program. */
export function apertiumHtmlOneShot(mode: string, html: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      "bash",
      ["-c", PIPELINE, "apertium-one-shot", join(MODES_DIR, `${mode}.mode`)],
      { env: { ...process.env, LC_CTYPE: "C.UTF-8" }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`the one-shot ${mode} pipeline failed: ${stderr || error.message}`));
        else resolve(stdout);
      },
    );
    child.stdin!.end(html);
  });
}
