/**
 * A short, human label for a User-Agent ("Chrome on Linux", "Safari on iOS", "curl"), shown in
 * the list of active sessions. Deliberately simple: the first matching rule wins, and a client
 * no rule knows is named by its first product token. Never used for any decision.
 */

/** Browsers, most specific first: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

/** Operating systems; Android and ChromeOS before Linux, iPhone and iPad before macOS (their UAs say "like Mac OS X"). */
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\bWindows\b/, "Windows"],
  [/\bAndroid\b/, "Android"],
  [/\b(?:iPhone|iPod)\b/, "iOS"],
  [/\biPad\b/, "iPadOS"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const UNKNOWN = "Unknown browser";

const first = (rules: readonly (readonly [RegExp, string])[], userAgent: string) =>
  rules.find(([pattern]) => pattern.test(userAgent))?.[1];

export function browserLabel(userAgent: string | null | undefined): string {
  const agent = (userAgent ?? "").trim();
  if (agent === "") return UNKNOWN;
  const browser = first(BROWSERS, agent);
  const system = first(SYSTEMS, agent);
  if (browser) return system ? `${browser} on ${system}` : browser;
  // Not a browser we know: name the client by its product ("curl/8.5.0" → "curl").
  const product = /^[A-Za-z][\w.-]{0,39}/.exec(agent)?.[0];
  if (!product || product === "Mozilla") return system ? `A browser on ${system}` : UNKNOWN;
  return system ? `${product} on ${system}` : product;
}
