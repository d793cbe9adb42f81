import { describe, expect, it } from "vitest";
import { parseJsonIncrementally } from "../../src/http/plugins/incremental-json.js";

const LIMITS = { maxDepth: 64, maxStrings: 100_000, uncountedTopLevelKey: "reference" };

/** Random JSON values: every kind of token, escapes, odd keys (`__proto__`, duplicates), nesting. */
function randomValue(random: () => number, depth: number): unknown {
  const pick = Math.floor(random() * (depth > 4 ? 6 : 8));
  const strings = [
    "",
    "a",
    'q"uote',
    "back\\slash",
    "\u00e9\u4e2d\ud83d\ude00",
    "tab\tnew\nline",
    "\u0001",
    "__proto__",
  ];
  const text = () => strings[Math.floor(random() * strings.length)]!;
  switch (pick) {
    case 0:
      return null;
    case 1:
      return random() < 0.5;
    case 2:
      return [0, -0, 1.5, -2e-7, 1e21, 123456789012345680000, -42][Math.floor(random() * 7)];
    case 3:
    case 4:
    case 5:
      return text();
    case 6:
      return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
    default: {
      const members = Array.from({ length: Math.floor(random() * 4) }, () => [text(), randomValue(random, depth + 1)]);
      return `{${members.map(([key, value]) => `${JSON.stringify(key)}:${render(value)}`).join(" , ")}}`;
    }
  }
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Raw JSON text (objects are pre-rendered so that duplicate and `__proto__` keys survive). */
const render = (value: unknown): string =>
  typeof value === "string" && value.startsWith("{")
    ? value
    : Array.isArray(value)
      ? `[ ${value.map(render).join(",")} ]`
      : JSON.stringify(value);

describe("parseJsonIncrementally: the same values as JSON.parse, and the body limits while parsing", () => {
  it("equals JSON.parse on 2,000 random documents, `__proto__` and duplicate keys included", async () => {
    const random = seeded(40);
    for (let i = 0; i < 2_000; i++) {
      const text = ` ${render(randomValue(random, 0))}\n`;
      const parsed = await parseJsonIncrementally(text, LIMITS);
      expect(parsed).toEqual({ ok: true, value: JSON.parse(text), hasNul: false });
      if (parsed.ok) expect(JSON.stringify(parsed.value)).toBe(JSON.stringify(JSON.parse(text)));
    }
  });

  it("equals JSON.parse whatever the pieces the text arrives in (escapes and surrogate pairs cut anywhere)", async () => {
    const random = seeded(41);
    for (let i = 0; i < 500; i++) {
      const text = ` ${render(randomValue(random, 0))} `;
      for (const pieceLength of [1, 2, 3, 5, 7]) {
        const parsed = await parseJsonIncrementally(text, LIMITS, pieceLength);
        expect(parsed).toEqual({ ok: true, value: JSON.parse(text), hasNul: false });
      }
    }
    const escapes = JSON.stringify({ ["\\\\"]: '\\"\\u00e9\ud83d\ude00'.repeat(50), n: [-12.5e-3, 1e21] });
    for (let pieceLength = 1; pieceLength <= 13; pieceLength++)
      expect(await parseJsonIncrementally(escapes, LIMITS, pieceLength)).toEqual({
        ok: true,
        value: JSON.parse(escapes),
        hasNul: false,
      });
  });

  it("decodes a long string token a piece at a time, escapes cut between pieces included", async () => {
    const long = "a\\\\b\\u00e9c\\n".repeat(20_000) + "\\".repeat(10_000);
    const text = `{"data":{"k":"${long}"}}`;
    const parsed = await parseJsonIncrementally(text, LIMITS, 4096);
    expect(parsed).toEqual({ ok: true, value: JSON.parse(text), hasNul: false });
  });

  it("reports U+0000 in a string or a property name", async () => {
    for (const text of ['{"a":"x\\u0000"}', '{"\\u0000":1}', '["\\u0000"]'])
      expect(await parseJsonIncrementally(text, LIMITS, 3)).toMatchObject({ ok: true, hasNul: true });
  });

  it("keeps `__proto__` an own member, never the prototype", async () => {
    const parsed = await parseJsonIncrementally('{"__proto__":{"polluted":true}}', LIMITS);
    expect(parsed.ok && Object.getPrototypeOf(parsed.value)).toBe(Object.prototype);
    expect(parsed.ok && Object.keys(parsed.value as object)).toEqual(["__proto__"]);
  });

  it.each(["", "{", "[1,]", '{"a":1,}', "01", '"\u0001"', '"\\x"', "tru", "1 2", "[1 2]", '{"a" 1}', "{1:2}", '"abc'])(
    "refuses %j like JSON.parse",
    async (text) => {
      expect(() => JSON.parse(text)).toThrow();
      expect(await parseJsonIncrementally(text, LIMITS)).toMatchObject({ ok: false, refusal: "syntax" });
    },
  );

  it("refuses past the depth limit", async () => {
    expect(await parseJsonIncrementally("[".repeat(65) + "]".repeat(65), LIMITS)).toMatchObject({ refusal: "depth" });
    expect((await parseJsonIncrementally("[".repeat(64) + "]".repeat(64), LIMITS)).ok).toBe(true);
  });

  it("stops at the first string over the cap, not counting the top-level reference", async () => {
    const limits = { ...LIMITS, maxStrings: 3 };
    expect(await parseJsonIncrementally('{"a":["1","2","3","4"], "broken', limits)).toMatchObject({
      refusal: "strings",
    });
    const reference = '{"data":{"a":"1","b":"2"},"x":"3","reference":{"en":{"a":"1","b":"2","c":"3"}}}';
    expect((await parseJsonIncrementally(reference, limits)).ok).toBe(true);
    expect((await parseJsonIncrementally('{"reference":"1","a":"2","b":"3","c":"4"}', limits)).ok).toBe(true);
    expect((await parseJsonIncrementally('{"reference":"1","a":"2","b":"3","c":"4","d":"5"}', limits)).ok).toBe(false);
  });

  it("gives the event loop back while it parses a large body", async () => {
    const text = JSON.stringify({ data: Object.fromEntries(Array.from({ length: 30_000 }, (_, i) => [`k${i}`, "v"])) });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const parsed = await parseJsonIncrementally(text, { ...LIMITS, sliceMs: 1 });
    clearInterval(timer);
    expect(parsed.ok).toBe(true);
    expect(ticks).toBeGreaterThan(0);
  });
});
