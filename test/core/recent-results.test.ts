import { describe, expect, it } from "vitest";
import { rememberLastTwo, rememberRecent } from "../../src/core/content/recent-results.js";

/** A computation that counts its calls, so a test can tell a remembered result from a new one. */
function counted() {
  const calls: string[] = [];
  return { calls, compute: (text: string) => (calls.push(text), { text }) };
}

describe("rememberRecent keeps at most two generations of `capacity` strings, and never a long one", () => {
  it.each([
    ["asked again at once", ["a", "a"], ["a"]],
    ["asked again after others, within two generations", ["a", "b", "c", "a"], ["a", "b", "c"]],
    ["forgotten once two newer generations filled", ["a", "b", "c", "d", "e", "a"], ["a", "b", "c", "d", "e", "a"]],
    ["longer than maxLength: never kept", ["toolong", "toolong"], ["toolong", "toolong"]],
  ])("%s", (_, asked, computed) => {
    const { calls, compute } = counted();
    const remembered = rememberRecent(compute, { capacity: 2, maxLength: 5 });
    for (const text of asked) expect(remembered(text)).toEqual({ text });
    expect(calls).toEqual(computed);
  });
});

describe("rememberLastTwo computes a string again only after two others", () => {
  it.each([
    ["a pair read in turn", ["s", "t", "s", "t"], ["s", "t"]],
    ["a third string pushes the first out", ["s", "t", "u", "s"], ["s", "t", "u", "s"]],
  ])("%s", (_, asked, computed) => {
    const { calls, compute } = counted();
    const remembered = rememberLastTwo(compute);
    for (const text of asked) expect(remembered(text)).toEqual({ text });
    expect(calls).toEqual(computed);
  });
});
