import { createPgliteSql } from "./pglite-sql.js";
import { createPostgresSql } from "./postgres-sql.js";
import type { Sql } from "./sql.js";

export interface StorageConfig {
  databaseUrl?: string | undefined;
  dataDir: string;
  wasmTierUp?: boolean;
}

/** PostgreSQL when `DATABASE_URL` is set, otherwise the embedded PGlite database. */
export function openSql(config: StorageConfig, onIdleError?: (error: Error) => void): Promise<Sql> {
  if (config.databaseUrl)
    return Promise.resolve(createPostgresSql({ connectionString: config.databaseUrl, onIdleError }));
  return createPgliteSql(config.dataDir, { liftoffOnly: !config.wasmTierUp });
}
