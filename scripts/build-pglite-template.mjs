// Build step: a PGlite data folder with every migration applied, copied by the server on
// first start instead of running initdb (src/storage/pglite-sql.ts). Runs the compiled code.
import { mkdtemp, rm, cp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPgliteSql, PGLITE_TEMPLATE_DIR } from "../dist/storage/pglite-sql.js";
import { migrate } from "../dist/storage/migrate.js";

const work = await mkdtemp(join(tmpdir(), "glossa-pglite-template-"));
try {
  const sql = await createPgliteSql(join(work, "data"), { templateDir: join(work, "none") });
  await migrate(sql);
  await sql.exec("checkpoint");
  await sql.close();
  await rm(PGLITE_TEMPLATE_DIR, { recursive: true, force: true });
  await cp(join(work, "data"), PGLITE_TEMPLATE_DIR, {
    recursive: true,
    filter: (source) => !source.endsWith("postmaster.pid"),
  });
  console.log(`PGlite data-folder template: ${PGLITE_TEMPLATE_DIR}`);
} finally {
  await rm(work, { recursive: true, force: true });
}
