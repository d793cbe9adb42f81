import { describe, expect, it } from "vitest";
import { REACH_ALL, type EngineReach } from "../../src/core/authz/model.js";
import { compatEngine } from "../../src/core/compat/compat-engine.js";
import type { KeyKind } from "../../src/contract/vocabulary.js";

const some = (...ids: string[]): EngineReach => ({ kind: "some", engineIds: new Set(ids) });

describe("compatEngine: which engine answers a DeepL or LibreTranslate call", () => {
  const table: [string, { pinnedEngineId: string | null; keyKind: KeyKind; reach: EngineReach }, unknown][] = [
    [
      "the path's engine wins over a one-engine scope",
      { pinnedEngineId: "eng_b", keyKind: "service", reach: some("eng_a") },
      { engineId: "eng_b", source: "path" },
    ],
    [
      "the path's engine, even one the key cannot reach (refused later)",
      { pinnedEngineId: "eng_x", keyKind: "personal", reach: some() },
      { engineId: "eng_x", source: "path" },
    ],
    [
      "a service key scoped to exactly one engine uses it",
      { pinnedEngineId: null, keyKind: "service", reach: some("eng_a") },
      { engineId: "eng_a", source: "key_scope" },
    ],
    [
      "a service key scoped to two engines: the default",
      { pinnedEngineId: null, keyKind: "service", reach: some("eng_a", "eng_b") },
      { engineId: null, source: "default" },
    ],
    [
      "a service key with an empty scope: the default (then refused)",
      { pinnedEngineId: null, keyKind: "service", reach: some() },
      { engineId: null, source: "default" },
    ],
    [
      "a service key whose role reaches every engine: the default",
      { pinnedEngineId: null, keyKind: "service", reach: REACH_ALL },
      { engineId: null, source: "default" },
    ],
    [
      "a personal key granted exactly one engine: the default (grants are the member's, not the key's)",
      { pinnedEngineId: null, keyKind: "personal", reach: some("eng_a") },
      { engineId: null, source: "default" },
    ],
    [
      "a personal key reaching everything: the default",
      { pinnedEngineId: null, keyKind: "personal", reach: REACH_ALL },
      { engineId: null, source: "default" },
    ],
  ];
  it.each(table)("%s", (_name, input, expected) => {
    expect(compatEngine(input)).toEqual(expected);
  });
});
