import { PGlite, type Transaction } from "@electric-sql/pglite";
import { mkdir } from "node:fs/promises";
import { classifyStorageError, type Sql } from "./sql.js";

/** Embedded PostgreSQL (WASM) in a data folder, or in memory for `memory://`. */
export async function createPgliteSql(dataDir: string): Promise<Sql> {
  if (!dataDir.startsWith("memory://")) await mkdir(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);

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
    close: () => db.close(),
  };
}
