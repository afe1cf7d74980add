import pg from 'pg';
import type { Db } from './types';

const INT8 = 20;
// Seconds timestamps and counts are bigint; pg returns them as strings by default, PGlite as numbers.
const typeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

const schemaName = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * PostgreSQL through a pg Pool. With `schema`, the schema is created and every connection of the
 * pool works in it (search_path), which isolates test files sharing one database.
 */
export async function openPostgres(databaseUrl: string, options: { schema?: string } = {}): Promise<Db> {
  const { schema } = options;
  if (schema !== undefined && !schemaName.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  if (schema) {
    const setup = new pg.Client({ connectionString: databaseUrl });
    await setup.connect();
    try {
      await setup.query(`create schema if not exists ${schema}`);
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    types: typeParsers,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));

  const runner = (client: pg.Pool | pg.PoolClient): Pick<Db, 'query' | 'exec'> => ({
    query: async <T>(sql: string, params?: unknown[]) => {
      const result = await client.query(sql, params);
      return { rows: result.rows as T[] };
    },
    exec: async (sql: string) => {
      await client.query(sql);
    },
  });

  return {
    ...runner(pool),
    transaction: async (fn) => {
      const client = await pool.connect();
      const tx: Db = {
        ...runner(client),
        transaction: (inner) => inner(tx),
        close: () => Promise.reject(new Error('Cannot close the database from inside a transaction')),
      };
      try {
        await client.query('begin');
        const result = await fn(tx);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
