/** LibreTranslate's `{confidence, language}`: confidence from 0 to 100. */
export interface LibreDetection {
  confidence: number;
  language: string;
}

/** LibreTranslate's `POST /translate` answer. */
export interface LibreTranslateAnswer {
  translatedText: string | string[];
  detectedLanguage?: LibreDetection | LibreDetection[];
  alternatives?: string[] | string[][];
}

/**
 * A recognized language as LibreTranslate reports it. When nothing could be recognized,
 * LibreTranslate answers English with confidence 0, and so does Glossa (the text is then
 * translated as English, as LibreTranslate does).
 */
export function libreDetection(language: string | null, score: number): LibreDetection {
  if (language === null) return { confidence: 0, language: "en" };
  return { confidence: Math.round(Math.min(1, Math.max(0, score)) * 100), language };
}

/**
 * The answer in LibreTranslate's shape: arrays when `q` was an array; `detectedLanguage` only
 * when the source was `auto` (one detection for the whole batch, repeated per text, as
 * LibreTranslate does); `alternatives` only when some were asked for, and empty, because
 * Glossa's engines give one translation.
 */
export function libreTranslateAnswer(options: {
  batch: boolean;
  translated: readonly string[];
  detected: LibreDetection | null;
  alternatives: number;
}): LibreTranslateAnswer {
  const { batch, translated, detected, alternatives } = options;
  const answer: LibreTranslateAnswer = { translatedText: batch ? [...translated] : (translated[0] ?? "") };
  if (detected) answer.detectedLanguage = batch ? translated.map(() => ({ ...detected })) : detected;
  if (alternatives > 0) answer.alternatives = batch ? translated.map((): string[] => []) : [];
  return answer;
}
