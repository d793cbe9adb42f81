import { describe, expect, it } from "vitest";
import { mask, unmask } from "../../src/core/engines/markers.js";
import { restoreIgnoredTags, shieldIgnoredTags } from "../../src/core/compat/ignored-tags.js";

/**
 * Issue 40: no internal marker is forgeable from input, and none is put back more than once.
 * The stand-ins: `<g-p i="N"/>` (placeholders, tags and glossary terms for Apertium and DeepL),
 * numbered-printf stand-in numbers (Apertium), `<glossa-keep i="N"/>` (DeepL's ignored elements).
 */
describe("internal markers: caller-written look-alikes are inert", () => {
  it.each([
    ["an empty marker", 'a <g-p i="0"/> b'],
    ["the open/close form Apertium answers with", 'a <g-p i="0"></g-p> b'],
    ["inside an ICU branch", 'x {n, plural, one {<g-p i="0"/>} other {b}}'],
  ])("a caller's %s is a protected token of its own, given back as written", (_name, text) => {
    for (const xml of [true, false]) {
      const masked = mask(text, [], { xml, numberedPrintf: true });
      expect(unmask(masked.text, masked.restore, { xml }, masked.numbers)).toBe(text);
    }
  });
  it("a caller's number equal to a stand-in number moves the stand-ins elsewhere", () => {
    const text = "7100 8100 at %1$s";
    const masked = mask(text, [], { xml: true, numberedPrintf: true });
    expect([...(masked.numbers?.keys() ?? [])]).toEqual(["9100"]);
    expect(unmask(masked.text, masked.restore, { xml: true }, masked.numbers)).toBe(text);
  });
  it("a caller's stand-in for an ignored element stays plain text", () => {
    const text = '<x>SECRET</x> Hi <glossa-keep i="0"/><glossa-keep i="0"/><glossa-keep i="0"/>';
    const shielded = shieldIgnoredTags(text, ["x"], false);
    expect(restoreIgnoredTags(shielded.text, shielded).split("SECRET")).toHaveLength(2);
  });
});

describe("internal markers: each is put back at most once", () => {
  it("a marker the engine repeats restores once; the copies stay markers (validation refuses them)", () => {
    const masked = mask(`<b>${"x".repeat(100)}</b> hi`, [], { xml: true });
    const repeated = masked.text.repeat(50);
    const out = unmask(repeated, masked.restore, { xml: true });
    expect(out.split("<b>")).toHaveLength(2);
    expect(out.length).toBeLessThanOrEqual(repeated.length + masked.restore.join("").length);
  });
  it("a stand-in number the engine repeats restores once", () => {
    const masked = mask("at %1$s", [], { xml: true, numberedPrintf: true });
    const out = unmask(`${masked.text} ${masked.text}`, masked.restore, { xml: true }, masked.numbers);
    expect(out).toBe("at %1$s at 7100");
  });
});
