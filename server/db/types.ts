/** The one database interface the server uses: PGlite (embedded) and PostgreSQL implement it alike. */
export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs several statements with no parameters (migration scripts). */
  exec(sql: string): Promise<void>;
  /**
   * Runs fn in one transaction: committed when it resolves, rolled back when it throws.
   * Inside fn use only `tx`: PGlite holds an exclusive lock for the transaction, so a query on the
   * outer Db would wait for ever. A nested call runs in the same transaction.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DbKind = 'pglite' | 'postgres';
