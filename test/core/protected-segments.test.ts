import { describe, expect, it } from "vitest";
import { splitProtected } from "../../src/core/content/protected-segments.js";

describe("splitProtected remembers its last two splits, and every string still gets its own", () => {
  const strings = [
    "Hello {name}",
    "You have %d new messages",
    "Hello {name}",
    "<b>Terms</b> apply",
    "You have %d new messages",
    "",
    "{count, plural, one {# file} other {# files}}",
    "Hello {name}",
  ];

  it("in any order, the segments join back to the string and hold its own tokens", () => {
    for (const input of [...strings, ...[...strings].reverse(), ...strings]) {
      const segments = splitProtected(input);
      expect(segments.map((segment) => segment.value).join("")).toBe(input);
      const tokens = segments.filter((segment) => segment.kind === "protected").map((segment) => segment.value);
      for (const token of tokens) expect(input).toContain(token);
    }
  });

  it("a string split right after itself or one other gets the same segments", () => {
    const first = splitProtected("Save {count} files to <b>%s</b>");
    expect(splitProtected("Save {count} files to <b>%s</b>")).toBe(first);
    splitProtected("something else");
    expect(splitProtected("Save {count} files to <b>%s</b>")).toBe(first);
    expect(first.filter((segment) => segment.kind === "protected").map((segment) => segment.value)).toEqual([
      "{count}",
      "<b>",
      "%s",
      "</b>",
    ]);
  });
});
