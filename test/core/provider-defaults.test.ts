import { describe, expect, it } from "vitest";
import { DEFAULT_CHUNKING, resolveSettings } from "../../src/core/engines/engine-config.js";
import { apertium } from "../../src/engines/apertium/apertium-descriptor.js";

describe("chunking: the engine's setting, else the provider's default, else the common default", () => {
  const rows: {
    name: string;
    config: Record<string, unknown>;
    provider: { defaultChunking?: { maxItems?: number; maxWords?: number } };
    chunking: { maxItems: number; maxWords: number; concurrency: number };
  }[] = [
    { name: "nothing set", config: {}, provider: {}, chunking: DEFAULT_CHUNKING },
    {
      name: "a provider default",
      config: {},
      provider: { defaultChunking: { maxItems: 200 } },
      chunking: { ...DEFAULT_CHUNKING, maxItems: 200 },
    },
    {
      name: "the engine's own setting wins over the provider's",
      config: { chunking: { maxItems: 10 } },
      provider: { defaultChunking: { maxItems: 200, maxWords: 5000 } },
      chunking: { ...DEFAULT_CHUNKING, maxItems: 10, maxWords: 5000 },
    },
  ];
  for (const row of rows)
    it(row.name, () => expect(resolveSettings(row.config, row.provider).chunking).toEqual(row.chunking));

  it("Apertium sends larger chunks than the common default (each request starts its per-request programs)", () => {
    const chunking = resolveSettings({}, apertium).chunking;
    expect(chunking.maxItems).toBeGreaterThan(DEFAULT_CHUNKING.maxItems);
    expect(chunking.maxWords).toBeGreaterThan(DEFAULT_CHUNKING.maxWords);
  });
});
