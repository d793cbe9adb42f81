// Build step: a PGlite data folder with every migration applied, copied by the server on
// first start instead of running initdb (src/storage/pglite-sql.ts). Runs the compiled code.
// Not fatal: without a template the server runs initdb on first start, as before.
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate } from "../dist/storage/migrate.js";
import { createPgliteSql, PGLITE_TEMPLATE_DIR, writeTemplateFolderList } from "../dist/storage/pglite-sql.js";

const work = await mkdtemp(join(tmpdir(), "glossa-pglite-template-"));
try {
  await rm(PGLITE_TEMPLATE_DIR, { recursive: true, force: true });
  const sql = await createPgliteSql(join(work, "data"), { templateDir: join(work, "none") });
  await migrate(sql);
  await sql.exec("checkpoint");
  await sql.close();
  await cp(join(work, "data"), PGLITE_TEMPLATE_DIR, {
    recursive: true,
    filter: (source) => !source.endsWith("postmaster.pid"),
  });
  // npm packs no empty folders: the server recreates every folder listed (src/storage/pglite-sql.ts)
  await writeTemplateFolderList(PGLITE_TEMPLATE_DIR);
  console.log(`PGlite data-folder template: ${PGLITE_TEMPLATE_DIR}`);
} catch (error) {
  await rm(PGLITE_TEMPLATE_DIR, { recursive: true, force: true });
  console.warn(`No PGlite data-folder template (first start will run initdb): ${error}`);
} finally {
  await rm(work, { recursive: true, force: true });
}
