/** The one storage seam: PGlite and PostgreSQL both sit behind it, with the same SQL. */
export interface Sql {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs `work` in one transaction; everything it does through `tx` commits or rolls back together. */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  /**
   * Runs `callback` once the transaction this handle belongs to has committed (never when it rolls
   * back); on a handle outside any transaction, at once. For in-process follow-ups such as waking
   * the webhook delivery worker; a callback that throws is ignored.
   */
  afterCommit(callback: () => void): void;
  /** Runs a script of several statements (migrations). */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` (on its own connection for
   * PostgreSQL, reconnecting when it drops, with `onConnection(false)` / `(true)` around the gap:
   * notifications sent meanwhile are lost); resolves to the function that stops listening.
   * Absent inside a transaction.
   */
  listen?(
    channel: string,
    onNotify: (payload: string) => void,
    onConnection?: (up: boolean) => void,
  ): Promise<() => Promise<void>>;
  readonly dialect: "pglite" | "postgres";
  /** PostgreSQL only: the connection pool's counts right now (the embedded store has one in-process connection). */
  poolStats?(): PoolStats;
}

export interface PoolStats {
  /** Connections open, idle among them, and queries waiting for a free connection. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** Runs after-commit callbacks; one that throws does not keep the others from running nor undo the commit. */
export function runCallbacks(callbacks: readonly (() => void)[]): void {
  for (const callback of callbacks) {
    try {
      callback();
    } catch {
      // The transaction committed; a follow-up's failure is not the caller's.
    }
  }
}

/** The database could not be reached or answered; requests fail closed with 503 `unavailable`. */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super("the database is unavailable", { cause });
    this.name = "StorageUnavailableError";
  }
}

/** SQLSTATE classes that mean "the database is not there" rather than "this statement is wrong". */
const UNAVAILABLE_SQLSTATE_CLASSES = new Set(["08", "53", "57", "58"]);

export function isQueryError(error: unknown): error is { code: string; constraint?: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) && !UNAVAILABLE_SQLSTATE_CLASSES.has(code.slice(0, 2));
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return isQueryError(error) && error.code === "23505" && (constraint === undefined || error.constraint === constraint);
}

/** Leaves real query errors alone and turns connection-level failures into `StorageUnavailableError`. */
export function classifyStorageError(error: unknown): unknown {
  if (error instanceof StorageUnavailableError || isQueryError(error)) return error;
  return new StorageUnavailableError(error);
}

/** PostgreSQL stopped the statement at its `statement_timeout` (SQLSTATE 57014), whether or not it was classified as unavailable. */
export function isStatementTimeout(error: unknown): boolean {
  const cause = error instanceof StorageUnavailableError ? error.cause : error;
  return (cause as { code?: unknown } | null)?.code === "57014";
}

/** Runs a statement that returns a row for each row it changed (`returning …`): whether it changed any. */
export async function changedAny(sql: Sql, text: string, params: readonly unknown[]): Promise<boolean> {
  return (await sql.query(text, params)).length > 0;
}

/** One array per field, in `fields` order: the parameters of an `unnest($1::…[], $2::…[], …)` insert of `rows`. */
export function columnsOf<Row>(rows: readonly Row[], fields: readonly (keyof Row)[]): unknown[][] {
  return fields.map((field) => rows.map((row) => row[field]));
}
