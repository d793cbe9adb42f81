import { PGlite, type Transaction } from "@electric-sql/pglite";
import { mkdir } from "node:fs/promises";
import { lockDataFolder } from "./folder-lock.js";
import { classifyStorageError, type Sql } from "./sql.js";

/**
 * Embedded PostgreSQL (WASM) in a data folder, or in memory for `memory://`. A folder is
 * locked for this process until `close()`: a second opener fails with the holder's PID.
 */
export async function createPgliteSql(dataDir: string): Promise<Sql> {
  let unlock = () => {};
  if (!dataDir.startsWith("memory://")) {
    await mkdir(dataDir, { recursive: true });
    unlock = lockDataFolder(dataDir);
  }
  let db: PGlite;
  try {
    db = await PGlite.create(dataDir);
  } catch (error) {
    unlock();
    throw error;
  }

  const run = async <Row>(target: PGlite | Transaction, text: string, params?: readonly unknown[]) => {
    try {
      const result = await target.query<Row>(text, params as unknown[] | undefined);
      return result.rows;
    } catch (error) {
      throw classifyStorageError(error);
    }
  };

  const txSql = (tx: Transaction): Sql => ({
    dialect: "pglite",
    query: (text, params) => run(tx, text, params),
    transaction: (work) => work(txSql(tx)),
    exec: async (script) => {
      await tx.exec(script);
    },
    close: async () => {},
  });

  return {
    dialect: "pglite",
    query: (text, params) => run(db, text, params),
    transaction: (work) => db.transaction((tx) => work(txSql(tx))),
    exec: async (script) => {
      await db.exec(script);
    },
    close: async () => {
      try {
        await db.close();
      } finally {
        unlock();
      }
    },
  };
}
