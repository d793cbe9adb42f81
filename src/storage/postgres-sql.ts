import pg from "pg";
import { classifyStorageError, runCallbacks, type Sql } from "./sql.js";

export interface PostgresOptions {
  connectionString: string;
  maxConnections?: number;
  onIdleError?: (error: Error) => void;
}

export function createPostgresSql(options: PostgresOptions): Sql {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 10_000,
    query_timeout: 12_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", (error) => options.onIdleError?.(error));

  const run = async <Row>(client: pg.Pool | pg.PoolClient, text: string, params?: readonly unknown[]) => {
    try {
      const result = await client.query(text, params as unknown[] | undefined);
      return result.rows as Row[];
    } catch (error) {
      throw classifyStorageError(error);
    }
  };

  const clientSql = (client: pg.PoolClient, committed: (() => void)[]): Sql => ({
    dialect: "postgres",
    query: (text, params) => run(client, text, params),
    transaction: (work) => work(clientSql(client, committed)),
    afterCommit: (callback) => void committed.push(callback),
    exec: async (script) => {
      await run(client, script);
    },
    close: async () => {},
  });

  return {
    dialect: "postgres",
    query: (text, params) => run(pool, text, params),
    async transaction(work) {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw classifyStorageError(error);
      }
      let broken = false;
      const committed: (() => void)[] = [];
      try {
        await run(client, "begin");
        const result = await work(clientSql(client, committed));
        await run(client, "commit");
        runCallbacks(committed);
        return result;
      } catch (error) {
        try {
          await client.query("rollback");
        } catch {
          broken = true;
        }
        throw error;
      } finally {
        client.release(broken);
      }
    },
    afterCommit: (callback) => runCallbacks([callback]),
    exec: async (script) => {
      await run(pool, script);
    },
    close: () => pool.end(),
  };
}
