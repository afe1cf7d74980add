import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

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
export async function openPostgres(databaseUrl: string, options: { schema?: string } = {}): Promise<Kysely<Database>> {
  const { schema } = options;
  if (schema !== undefined && !schemaName.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  if (schema) {
    const setup = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }) }) });
    try {
      await setup.schema.createSchema(schema).ifNotExists().execute();
    } finally {
      await setup.destroy();
    }
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    types: typeParsers,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Drops a schema made by openPostgres (tests). */
export async function dropSchema(db: Kysely<Database>, schema: string): Promise<void> {
  if (!schemaName.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
}
