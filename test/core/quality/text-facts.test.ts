import { describe, expect, it } from "vitest";
import { bracketsOf, numbersOf, visibleLengthOf } from "../../../src/core/quality/text-facts.js";

describe("the facts of a string: numbers standing alone in the prose, visible length of the prose, brackets of the whole string", () => {
  it.each([
    ["wait 30 seconds", ["30"], 13, [0, 0, 0]],
    ["FILE1 and 10K and 2e", [], 16, [0, 0, 0]],
    ["٣ ملفات", ["3"], 6, [0, 0, 0]],
    ["%5d items (max 20)", ["20"], 12, [0, 0, 0]],
    ["{count} files [a]", [], 8, [0, 0, 0]],
    ["(default: 512", ["512"], 12, [1, 0, 0]],
    ["x<b>7</b>y", ["7"], 3, [0, 0, 0]],
    ["（全角", [], 3, [1, 0, 0]],
    ["😀 1", ["1"], 2, [0, 0, 0]],
    ["Save changes", [], 11, [0, 0, 0]],
    ["१२ फ़ाइलें, 3４ KB", ["12", "34"], 14, [0, 0, 0]],
    ["see [RFC 4648] (page 2)", ["4648", "2"], 19, [0, 0, 0]],
    ["｛x｝［~|}", [], 7, [0, 1, -1]],
    ["{count, plural, one {# file} other {# files}}", [], 9, [0, 0, 0]],
  ])("%j → numbers %j, %d visible, brackets %j", (text, numbers, visibleLength, brackets) => {
    expect(numbersOf(text)).toEqual(numbers);
    expect(visibleLengthOf(text)).toBe(visibleLength);
    expect(bracketsOf(text)).toEqual(brackets);
  });
});
