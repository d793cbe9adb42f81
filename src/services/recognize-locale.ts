import type { RecognizedLocale } from "../contract/process.js";
import { describeLanguage } from "../core/locale/describe-locale.js";

/** The detector looks at this many characters at most; more does not change its answer. */
const DETECTION_SAMPLE_CHARS = 10_000;

interface Detector {
  detect(text: string): { language: string; isReliable(): boolean; getScores(): Record<string, number> };
}

let detector: Promise<Detector> | undefined;

/** eld's "small" n-gram database: loaded on first use (it takes a moment and some memory), then shared. */
function loadDetector(): Promise<Detector> {
  detector ??= import("eld/small").then((module) => module.eld as Detector);
  return detector;
}

/** Recognizes the language of `text` with eld, and describes it (script, direction). */
export async function recognizeLocale(text: string): Promise<RecognizedLocale> {
  return (await recognizeLocaleScored(text)).recognized;
}

/** {@link recognizeLocale} with eld's score of the recognized language (0–1; 0 when none). */
export async function recognizeLocaleScored(text: string): Promise<{ recognized: RecognizedLocale; score: number }> {
  const sample = text.slice(0, DETECTION_SAMPLE_CHARS);
  const result = (await loadDetector()).detect(sample);
  if (!result.language)
    return {
      recognized: { locale: null, language: null, region: null, script: null, direction: null, reliable: false },
      score: 0,
    };
  return {
    recognized: { ...describeLanguage(result.language, sample), reliable: result.isReliable() },
    score: result.getScores()[result.language] ?? 0,
  };
}
