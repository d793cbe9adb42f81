import { existsSync } from "node:fs";
import { cp, mkdtemp, readdir, rm, rmdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../src/storage/migrate.js";
import {
  createPgliteSql,
  PGLITE_TEMPLATE_FOLDERS_FILE,
  writeTemplateFolderList,
} from "../../src/storage/pglite-sql.js";

describe("the embedded store starts from a prebuilt data-folder template", () => {
  let work: string;
  let template: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "glossa-template-test-"));
    template = join(work, "template");
    // What scripts/build-pglite-template.mjs does at build time.
    const sql = await createPgliteSql(template, { templateDir: join(work, "none") });
    await migrate(sql);
    await sql.close();
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it("copies the template into an empty data folder: the schema is there, nothing left to migrate", async () => {
    const dataDir = join(work, "first-start");
    const sql = await createPgliteSql(dataDir, { templateDir: template });
    try {
      expect(await migrate(sql)).toEqual([]);
      const [settings] = await sql.query<{ shared_buffers: string }>("show shared_buffers");
      expect(settings?.shared_buffers).toBe("16MB");
      await sql.query("insert into schema_migrations (name) values ('zz_marker')");
    } finally {
      await sql.close();
    }
    expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true);

    // A restart keeps the data folder as it is: no second copy over it.
    const again = await createPgliteSql(dataDir, { templateDir: template });
    try {
      const rows = await again.query("select 1 from schema_migrations where name = 'zz_marker'");
      expect(rows).toHaveLength(1);
    } finally {
      await again.close();
    }
    // The template itself is never written to.
    const pristine = await createPgliteSql(join(work, "second"), { templateDir: template });
    try {
      expect(await pristine.query("select 1 from schema_migrations where name = 'zz_marker'")).toHaveLength(0);
    } finally {
      await pristine.close();
    }
  });

  it("without a template, runs initdb as before", async () => {
    const sql = await createPgliteSql(join(work, "no-template"), { templateDir: join(work, "missing") });
    try {
      expect((await migrate(sql)).length).toBeGreaterThan(0);
    } finally {
      await sql.close();
    }
  });

  it("starts from a template that lost its empty folders in an npm tarball: they are listed and recreated", async () => {
    // What npm pack + install makes of the template: every file, no empty folder.
    const packed = join(work, "packed-template");
    await cp(template, packed, { recursive: true, filter: (source) => !source.endsWith("postmaster.pid") });
    await writeTemplateFolderList(packed);
    const emptied = await removeEmptyFolders(packed);
    expect(emptied).toEqual(expect.arrayContaining(["pg_tblspc", "pg_wal/archive_status"]));

    const dataDir = join(work, "from-packed");
    const sql = await createPgliteSql(dataDir, { templateDir: packed });
    try {
      expect(await migrate(sql)).toEqual([]);
    } finally {
      await sql.close();
    }
    for (const folder of emptied) expect(existsSync(join(dataDir, folder))).toBe(true);
    expect(existsSync(join(dataDir, PGLITE_TEMPLATE_FOLDERS_FILE))).toBe(false);
  });
});

/** Deletes the empty folders under `root` (deepest first); returns their paths relative to it. */
async function removeEmptyFolders(root: string): Promise<string[]> {
  const removed: string[] = [];
  const visit = async (folder: string): Promise<boolean> => {
    let empty = true;
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      if (!entry.isDirectory() || !(await visit(join(folder, entry.name)))) empty = false;
    }
    if (empty && folder !== root) {
      await rmdir(folder);
      removed.push(relative(root, folder).split(sep).join("/"));
    }
    return empty;
  };
  await visit(root);
  return removed;
}
