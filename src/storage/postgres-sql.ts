import pg from "pg";
import { classifyStorageError, runCallbacks, type Sql } from "./sql.js";

export interface PostgresOptions {
  connectionString: string;
  maxConnections?: number;
  onIdleError?: (error: Error) => void;
}

export function createPostgresSql(options: PostgresOptions): Sql {
  const max = options.maxConnections ?? 10;
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max,
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
    listen: (channel, onNotify, onConnection) => listenOn(options, channel, onNotify, onConnection),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    close: () => pool.end(),
  };
}

/**
 * LISTEN on a connection of its own, outside the pool; a dropped connection is opened again
 * after a second. Notifications sent while it was away are lost: listeners must not depend on them.
 */
async function listenOn(
  options: PostgresOptions,
  channel: string,
  onNotify: (payload: string) => void,
  onConnection: (up: boolean) => void = () => {},
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let started = false;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.connectionString, connectionTimeoutMillis: 3000 });
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    // Until the LISTEN is in place, a failure is the caller's to handle.
    next.on("error", () => {});
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    const reconnected = client === null && started;
    client = next;
    if (reconnected) onConnection(true);
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      onConnection(false);
      if (error) options.onIdleError?.(error);
      void next.end().catch(() => {});
      schedule();
    };
    next.on("error", lost);
    next.on("end", () => lost());
  };
  const schedule = () => {
    if (stopped) return;
    retry = setTimeout(() => {
      connect().catch((error: unknown) => {
        options.onIdleError?.(error as Error);
        schedule();
      });
    }, 1000);
    retry.unref();
  };
  try {
    await connect();
    started = true;
  } catch (error) {
    throw classifyStorageError(error);
  }
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}
