import { loadConfig } from "../config/config.js";
import { migrate } from "../storage/migrate.js";
import { openSql } from "../storage/open-sql.js";

export async function runMigrate(): Promise<number> {
  const sql = await openSql(loadConfig());
  try {
    const applied = await migrate(sql);
    process.stdout.write(applied.length ? `Applied ${applied.join(", ")}\n` : "Database is up to date.\n");
    return 0;
  } finally {
    await sql.close();
  }
}
