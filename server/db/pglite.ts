import { mkdir } from 'node:fs/promises';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import type { Db } from './types';

/** A data folder, or undefined / 'memory://' for a throw-away database (tests). */
export async function openPglite(dataDir?: string): Promise<Db> {
  const inMemory = !dataDir || dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const pg = await PGlite.create(inMemory ? undefined : dataDir, {
    // Seconds timestamps and counts are bigint; numbers keep both back ends alike (see postgres.ts).
    parsers: { [types.INT8]: (value: string) => Number(value) },
  });
  return {
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrapTransaction(tx))),
    close: () => pg.close(),
  };
}

type Queryable = Pick<Transaction, 'query' | 'exec'>;

function wrap(q: Queryable): Pick<Db, 'query' | 'exec'> {
  return {
    query: async <T>(sql: string, params?: unknown[]) => {
      const result = await q.query<T>(sql, params);
      return { rows: result.rows };
    },
    exec: async (sql: string) => {
      await q.exec(sql);
    },
  };
}

function wrapTransaction(tx: Transaction): Db {
  const db: Db = {
    ...wrap(tx),
    transaction: (fn) => fn(db),
    close: () => Promise.reject(new Error('Cannot close the database from inside a transaction')),
  };
  return db;
}
