import type { DeeplTranslateBody, DeeplTranslation } from "./deepl-contract.js";
import { countCharacters } from "../../core/limits/count-characters.js";
import { restoreIgnoredTags, shieldIgnoredTags, tagNames, type ShieldedText } from "../../core/compat/ignored-tags.js";
import { deeplSourceCode, localeOfDeeplCode } from "./deepl-codes.js";

/** DeepL's limit on texts per request (its 128 KiB body limit is the route's `bodyLimit`). */
export const DEEPL_MAX_TEXTS = 50;
export const DEEPL_BODY_LIMIT_BYTES = 128 * 1024;

/** HTML elements whose content is never text to translate. */
const HTML_IGNORED = ["script", "style"];

/** One `POST /v2/translate` as a localize request: the strings keyed "0", "1", … and their hints. */
export interface DeeplTranslatePlan {
  texts: string[];
  sourceLocale: string | null;
  targetLocale: string;
  /** The non-empty texts (ignored elements swapped out), keyed by their index. */
  data: Record<string, string>;
  hints: Record<string, string[]> | undefined;
  /** Per text, the ignored elements to put back and the name of their stand-ins. */
  kept: Pick<ShieldedText, "kept" | "tag">[];
  showBilledCharacters: boolean;
}

export type DeeplTranslateDecision =
  { ok: true; plan: DeeplTranslatePlan } | { ok: false; status: 400 | 413; message: string };

const isOn = (flag: boolean | string | number | undefined) =>
  flag === true || flag === "1" || flag === 1 || flag === "true";

/**
 * Formality as an instruction: LLM engines read hints in their prompt, DeepL engines receive them
 * as `context`; Apertium and pseudo ignore them.
 */
export function formalityHint(formality: DeeplTranslateBody["formality"]): string | null {
  if (formality === "more" || formality === "prefer_more")
    return "Use a formal register: address the reader formally (e.g. Sie, vous, usted).";
  if (formality === "less" || formality === "prefer_less")
    return "Use an informal register: address the reader informally (e.g. du, tu, tú).";
  return null;
}

/** Checks and maps a DeepL translate body; refusals carry DeepL's status and message. Pure: no I/O. */
export function planDeeplTranslate(body: DeeplTranslateBody): DeeplTranslateDecision {
  const texts = typeof body.text === "string" ? [body.text] : body.text;
  if (texts.length === 0) return { ok: false, status: 400, message: "Parameter 'text' not specified." };
  if (texts.length > DEEPL_MAX_TEXTS)
    return { ok: false, status: 413, message: `Too many texts: at most ${DEEPL_MAX_TEXTS} per request.` };
  const target = localeOfDeeplCode(body.target_lang, "target_lang");
  if (!target.ok) return { ok: false, status: 400, message: target.message };
  let sourceLocale: string | null = null;
  if (body.source_lang !== undefined && body.source_lang.trim() !== "") {
    const source = localeOfDeeplCode(body.source_lang, "source_lang");
    if (!source.ok) return { ok: false, status: 400, message: source.message };
    sourceLocale = source.locale;
  }

  const html = body.tag_handling === "html";
  const ignored = body.tag_handling ? [...tagNames(body.ignore_tags), ...(html ? HTML_IGNORED : [])] : [];
  const hint = [body.context?.trim(), formalityHint(body.formality)].filter((text): text is string => !!text);
  const data: Record<string, string> = {};
  const kept: DeeplTranslatePlan["kept"] = [];
  texts.forEach((text, index) => {
    const shielded = shieldIgnoredTags(text, ignored, html);
    kept.push({ kept: shielded.kept, tag: shielded.tag });
    if (text !== "") data[String(index)] = shielded.text;
  });
  const keys = Object.keys(data);
  return {
    ok: true,
    plan: {
      texts,
      sourceLocale,
      targetLocale: target.locale,
      data,
      hints: hint.length > 0 && keys.length > 0 ? Object.fromEntries(keys.map((key) => [key, hint])) : undefined,
      kept,
      showBilledCharacters: isOn(body.show_billed_characters),
    },
  };
}

/** The translations in DeepL's shape, in the order of the texts; empty texts stay empty. */
export function deeplTranslations(
  plan: DeeplTranslatePlan,
  translated: Record<string, unknown>,
  sourceLocale: string,
): DeeplTranslation[] {
  const detected = deeplSourceCode(sourceLocale);
  return plan.texts.map((text, index) => {
    const value = translated[String(index)];
    const out = typeof value === "string" ? restoreIgnoredTags(value, plan.kept[index]!) : "";
    return {
      detected_source_language: detected,
      text: text === "" ? "" : out,
      // What the monthly limits counted: the text sent to the engine (an ignored element counts as its stand-in).
      ...(plan.showBilledCharacters
        ? { billed_characters: countCharacters([{ value: plan.data[String(index)] ?? "" }]) }
        : {}),
    };
  });
}
