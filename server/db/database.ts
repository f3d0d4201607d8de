/**
 * The little the server needs from a database. Two implementations speak the same SQL: PGlite
 * (embedded, the default) and a PostgreSQL server through a `pg` pool; openDatabase.ts picks one.
 */
export interface Queryable {
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  /**
   * Whether other connections write at the same time (PostgreSQL's pool, other instances): what a
   * statement counts can then change before it commits, unless a lock holds it. PGlite's one
   * connection runs one statement at a time.
   */
  readonly concurrentWriters: boolean;
  /** Runs `work` inside BEGIN … COMMIT, rolling back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Where the database reports problems that happen outside any query (a dropped pool client). */
export type DatabaseErrorLog = (error: Error) => void;

/**
 * A transaction that sees one snapshot from its first query to its end (REPEATABLE READ): an
 * export or backup taken while submissions arrive is consistent.
 */
export function snapshotTransaction<T>(
  db: Database,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    return work(tx);
  });
}
