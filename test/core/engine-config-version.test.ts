import { describe, expect, it } from "vitest";
import {
  ENGINE_CONFIG_VERSION,
  upgradeConfig,
  upgradeEngineConfig,
  type UpgradeSteps,
} from "../../src/core/engines/config-version.js";

/** A made-up history: v0 had `chunkSize`, v1 moved it into `chunking`, v2 renamed `tm` to `translationMemory`. */
const steps: UpgradeSteps = {
  0: ({ chunkSize, ...rest }) => (chunkSize === undefined ? rest : { ...rest, chunking: { maxItems: chunkSize } }),
  1: ({ tm, ...rest }) => (tm === undefined ? rest : { ...rest, translationMemory: tm }),
};

describe("engine config versions", () => {
  it.each([
    [0, { chunkSize: 10, tm: false }, { chunking: { maxItems: 10 }, translationMemory: false }],
    [0, { models: [] }, { models: [] }],
    [1, { chunking: { maxItems: 10 }, tm: true }, { chunking: { maxItems: 10 }, translationMemory: true }],
    [2, { translationMemory: false, tm: "kept as is" }, { translationMemory: false, tm: "kept as is" }],
  ])("upgrades a version %i config step by step to the current version", (version, stored, current) => {
    expect(upgradeConfig(steps, 2, version, stored)).toEqual(current);
  });

  it.each([
    [3, /newer than this server's \(2\)/],
    [-1, /no upgrade from engine config version -1/],
  ])("refuses version %i", (version, message) => {
    expect(() => upgradeConfig(steps, 2, version, {})).toThrow(message);
  });

  it("reads configs of the current version as they are", () => {
    const config = { models: [{ model: "m" }] };
    expect(upgradeEngineConfig(ENGINE_CONFIG_VERSION, config)).toBe(config);
    expect(() => upgradeEngineConfig(ENGINE_CONFIG_VERSION + 1, config)).toThrow(/newer/);
  });
});
