import { describe, expect, it } from "vitest";
import { auditCsv } from "../../src/core/audit/csv.js";
import { changesNothing, sameSet } from "../../src/core/audit/changes.js";

const event = (name: string | null, details: Record<string, unknown> = {}) => ({
  id: "aud_1",
  action: "key.created" as const,
  actor: { id: "usr_1", email: "a@example.test" },
  target: { type: "key", id: "key_1", name },
  details,
  clientAddress: "127.0.0.1",
  createdAt: "2026-01-02T03:04:05.000Z",
});

describe("audit CSV", () => {
  it.each([
    ["plain", "Site", "Site"],
    ["comma", "a, b", '"a, b"'],
    ["quote", 'say "hi"', '"say ""hi"""'],
    ["line break", "a\nb", '"a\nb"'],
    ["formula", "=HYPERLINK(1)", "'=HYPERLINK(1)"],
    ["missing", null, ""],
  ])("escapes a %s target name", (_case, name, expected) => {
    const [, row] = auditCsv([event(name)]).split("\r\n");
    expect(row!.split(",").slice(6, -2).join(",")).toBe(expected);
  });

  it("writes details as JSON in one quoted field and ends lines with CRLF", () => {
    const csv = auditCsv([event("k", { name: "k", engineIds: ["eng_a", "eng_b"] })]);
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(csv).toContain('"{""name"":""k"",""engineIds"":[""eng_a"",""eng_b""]}"');
  });
});

describe("changes that change nothing", () => {
  it.each([
    [{ name: "A", permissions: ["x", "y"] }, { name: "A", permissions: ["y", "x"] }, true],
    [{ name: "A", permissions: ["x"] }, { name: "B", permissions: ["x"] }, false],
    [{ name: "A", roleId: null }, { name: "A", roleId: "rol_1" }, false],
    [{ name: "A", roleId: null }, { roleId: null }, true],
  ] as const)("%j → %j: %s", (before, after, expected) => {
    expect(changesNothing(before, after)).toBe(expected);
  });
  it("compares sets", () => {
    expect(sameSet(["a", "a", "b"], ["b", "a"])).toBe(true);
    expect(sameSet(["a"], ["a", "b"])).toBe(false);
  });
});
