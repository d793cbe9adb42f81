/**
 * The number a sentence engine is given in place of a plural's `#`, found again in its answer
 * (docs/engines.md#plural-categories-the-targets). Engines may write it the target's way: `1,5`
 * for `1.5`, `1 000 000` or `1.000.000` for `1000000`, Arabic-Indic digits.
 */

const GROUP_SEPARATOR = "[ \\u00a0\\u202f.,'’\\u066c]?";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const patterns = new Map<string, RegExp>();

/** Every way `n` may be written in a `locale` text, as a global regular expression that matches whole numbers only. */
export function numberPattern(n: number, locale: string): RegExp {
  const key = `${n}\u0000${locale}`;
  const known = patterns.get(key);
  if (known) return new RegExp(known);
  const ways = new Set<string>([escape(String(n)), escape(String(n).replace(".", ","))]);
  for (const format of formats(locale)) {
    ways.add(escape(format.format(n)));
    ways.add(escape(format.format(n).replace(/[\u00a0\u202f]/g, " ")));
  }
  for (const zero of NATIVE_ZEROS) ways.add(escape(withDigitsFrom(String(n), zero)));
  if (Number.isInteger(n) && n >= 1000) ways.add(groupedDigits(String(n)));
  const pattern = new RegExp(`(?<![\\p{Nd}]|\\p{Nd}[.,])(?:${[...ways].join("|")})(?![\\p{Nd}]|[.,]\\p{Nd})`, "gu");
  if (patterns.size > 1000) patterns.clear();
  patterns.set(key, pattern);
  return new RegExp(pattern);
}

/** Arabic-Indic and Persian digits: engines write them for Arabic, Persian and Urdu whatever the locale's default. */
const NATIVE_ZEROS = [0x0660, 0x06f0];

const withDigitsFrom = (text: string, zero: number) =>
  text.replace(/\d/g, (digit) => String.fromCharCode(zero + Number(digit))).replace(".", "\u066b");

function formats(locale: string): Intl.NumberFormat[] {
  try {
    return [new Intl.NumberFormat(locale), new Intl.NumberFormat(locale, { useGrouping: false })];
  } catch {
    return [];
  }
}

/** `1000000` with any one separator between its groups of three: `1 000 000`, `1.000.000`, `1,000,000`. */
function groupedDigits(digits: string): string {
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return groups.join(GROUP_SEPARATOR);
}

/** Whether `text` writes `n` anywhere (then `n` cannot stand for `#` in it). */
export function writesNumber(text: string, n: number, locale: string): boolean {
  return numberPattern(n, locale).test(text);
}

/**
 * `translation` with `n` written back as `replacement`, or null when the engine did not keep it
 * exactly `count` times (it dropped, doubled or rewrote the number in words).
 */
export function restoreNumber(
  translation: string,
  n: number,
  count: number,
  locale: string,
  replacement: string,
): string | null {
  const pattern = numberPattern(n, locale);
  const found = translation.match(pattern)?.length ?? 0;
  if (found !== count) return null;
  return translation.replace(pattern, () => replacement);
}
