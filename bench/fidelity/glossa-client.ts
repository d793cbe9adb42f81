/** Sends the sample through Glossa's `POST /process/localize` as a user's tool would: calls of 100 strings, one after another. */

export const CALL_SIZE = 100;

export interface GlossaRun {
  /** Each string's answer; a lost string keeps its source text (what the caller is left with). */
  outputs: string[];
  lost: boolean[];
  calls: number;
  /** Calls answered with another status than 200: status and the problem's detail. */
  refused: { status: number; detail: string; strings: number }[];
  /** Strings the response listed in `untranslated` (absent in code before partial answers). */
  untranslated: { index: number; code: string; reason: string }[];
  ms: number;
}

interface Untranslated {
  path?: unknown[];
  code?: string;
  reason?: string;
}

export async function localizeInCalls(
  url: string,
  apiKey: string,
  engineId: string,
  sourceLocale: string,
  targetLocale: string,
  sources: readonly string[],
): Promise<GlossaRun> {
  const run: GlossaRun = {
    outputs: [...sources],
    lost: sources.map(() => false),
    calls: 0,
    refused: [],
    untranslated: [],
    ms: 0,
  };
  const started = performance.now();
  for (let first = 0; first < sources.length; first += CALL_SIZE) {
    const indexes = sources.slice(first, first + CALL_SIZE).map((_, offset) => first + offset);
    const data = Object.fromEntries(indexes.map((index, offset) => [`s${offset}`, sources[index]!]));
    run.calls++;
    const response = await fetch(`${url}/process/localize`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": apiKey },
      body: JSON.stringify({ engineId, sourceLocale, targetLocale, data }),
    });
    const body = (await response.json()) as {
      data?: Record<string, unknown>;
      untranslated?: Untranslated[];
      detail?: string;
    };
    if (response.status !== 200) {
      run.refused.push({ status: response.status, detail: body.detail ?? "", strings: indexes.length });
      for (const index of indexes) run.lost[index] = true;
      continue;
    }
    indexes.forEach((index, offset) => {
      const text = body.data?.[`s${offset}`];
      if (typeof text === "string") run.outputs[index] = text;
      else run.lost[index] = true;
    });
    for (const entry of body.untranslated ?? []) {
      const key = entry.path?.[0];
      const offset = typeof key === "string" && /^s\d+$/.test(key) ? Number(key.slice(1)) : -1;
      const index = indexes[offset];
      if (index === undefined) continue;
      const code = entry.code ?? "";
      run.untranslated.push({ index, code, reason: entry.reason ?? "" });
      if (code !== "unchanged") run.lost[index] = true;
    }
  }
  run.ms = performance.now() - started;
  return run;
}
