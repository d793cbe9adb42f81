import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localizePoTarget } from "../../src/cli/localize-po.js";

describe("a catalogue of 10,000 entries streams through in calls of 100", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "glossa-po-stream-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("sends each call's entries and writes them before reading far ahead, with progress", async () => {
    const entries = Array.from({ length: 10_000 }, (_, i) => `#: src/f.c:${i}\nmsgid "String ${i}"\nmsgstr ""\n`);
    const source = join(dir, "messages.pot");
    await writeFile(source, `msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n${entries.join("\n")}`);
    const calls: number[] = [];
    const updates: [number, number][] = [];
    const result = await localizePoTarget({
      sourceFile: source,
      targetFile: join(dir, "de.po"),
      target: "de",
      locked: {},
      translate: async (data) => {
        calls.push(Object.keys(data).length);
        return { data: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, `de ${v}`])), untranslated: [] };
      },
      batchEntries: 100,
      batchChars: 50_000,
      force: false,
      fuzzy: false,
      markFuzzy: false,
      progress: { update: (_label, done, total) => updates.push([done, total]), clear: () => undefined },
    });
    expect(calls).toEqual(Array.from({ length: 100 }, () => 100));
    expect(result).toMatchObject({ translated: 10_000, kept: 0 });
    expect(updates[0]).toEqual([0, 10_000]);
    expect(updates.at(-1)).toEqual([10_000, 10_000]);
    const written = await readFile(join(dir, "de.po"), "utf8");
    expect(written).toContain('#: src/f.c:9999\nmsgid "String 9999"\nmsgstr "de String 9999"\n');
    // the one-line header becomes msgstr "" and three lines (Content-Type, Language, Plural-Forms)
    expect(written).toContain('msgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: de\\n"\n');
    expect(written.split("\n").length).toBe(
      `msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n${entries.join("\n")}`.split("\n").length + 3,
    );
  });
});
