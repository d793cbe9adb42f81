import { keepEdgeWhitespace } from "../../core/content/edge-whitespace.js";
import { pickApertiumMode } from "../../core/engines/apertium-modes.js";
import { mask, unmask } from "../../core/engines/markers.js";
import type { ProviderContext } from "../provider-context.js";
import { ProviderError, UnsupportedPairError } from "../provider-error.js";
import type { TranslationProvider } from "../provider.js";
import { listApertiumModes } from "./apertium-cli.js";
import { apertiumPipelines, type ApertiumPipelines } from "./apertium-pipelines.js";

const separator = (index: number) => `<hr data-glossa-split="${index}">`;
const SEPARATOR = /<hr data-glossa-split="\d+">/;

/**
 * Offline rule-based MT through Apertium in HTML mode (`apertium -u -f html <mode>`): tags — and
 * our placeholder markers — pass through as "superblanks". A chunk is one request to a warm
 * pipeline of the server's pool (apertium-pipelines.ts); strings are separated by block-level
 * markers so that sentences never run into each other.
 */
export function apertiumProvider(
  context: ProviderContext,
  pipelines: ApertiumPipelines = apertiumPipelines(),
): TranslationProvider {
  async function installedModes(): Promise<string[]> {
    try {
      return await listApertiumModes();
    } catch {
      throw new ProviderError(
        "not_configured",
        "the apertium command is not installed on this server (apt-get install apertium apertium-<pair>)",
      );
    }
  }
  return {
    memoizable: true,
    async defaultModels(sourceLocale, targetLocale) {
      const modes = await installedModes();
      const mode = pickApertiumMode(modes, sourceLocale, targetLocale);
      if (!mode) {
        throw new UnsupportedPairError(
          `Apertium on this server cannot translate ${sourceLocale} → ${targetLocale}. Installed pairs: ${modes.join(", ") || "none"}.`,
        );
      }
      return [mode];
    },
    async translate(input) {
      const mode = input.model ?? (await this.defaultModels!(input.sourceLocale, input.targetLocale))[0]!;
      if (!/^[a-z]{2,3}(_[\w]+)?-[a-z]{2,3}(_[\w]+)?$/i.test(mode))
        throw new ProviderError("rejected", `"${mode}" is not an Apertium mode name`);
      if (!(await installedModes()).includes(mode))
        throw new ProviderError("rejected", `the Apertium mode ${mode} is not installed on this server`);
      if (pickApertiumMode([mode], input.sourceLocale, input.targetLocale) === null) {
        throw new ProviderError(
          "rejected",
          `the Apertium mode ${mode} does not translate ${input.sourceLocale} → ${input.targetLocale}`,
        );
      }
      const masked = input.texts.map((text) =>
        mask(text, input.glossary ?? [], { xml: true, numberedPrintf: true, metavariableWords: true }),
      );
      const document = masked.map((entry, index) => entry.text + separator(index)).join("");
      let output: string;
      try {
        output = await pipelines.translateHtml(mode, document, context.settings.timeoutMs, input.signal);
      } catch (error) {
        if (input.signal?.aborted) throw input.signal.reason;
        throw new ProviderError(
          (error as { timedOut?: boolean }).timedOut ? "timeout" : "server",
          (error as Error).message,
        );
      }
      const pieces = output.split(SEPARATOR);
      if (pieces.length !== masked.length + 1)
        throw new ProviderError("invalid_output", "Apertium merged or split strings");
      // Apertium puts a space after each separator; every string keeps the edges it came with.
      const texts = masked.map((entry, index) =>
        keepEdgeWhitespace(input.texts[index]!, unmask(pieces[index]!, entry.restore, { xml: true }, entry.numbers)),
      );
      return { texts, model: `apertium/${mode}` };
    },
  };
}
