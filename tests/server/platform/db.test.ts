import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionJwt } from '../../../server/modules/users/jwt';
import { migrate, type Db } from '../../../server/db';
import { createMailer } from '../../../server/platform/mail';
import { freshDb, query } from '../support/harness';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDb());
});
afterAll(() => drop?.());

describe('database layer', () => {
  it('records applied migrations and applies nothing twice, even when started together', async () => {
    expect(await migrate(db)).toEqual([]);
    expect(await Promise.all([migrate(db), migrate(db)])).toEqual([[], []]);
    const { rows } = await query<{ version: string }>(db, 'select version from schema_migrations order by version');
    expect(rows.map((row) => row.version)).toContain('001_users_and_groups.sql');
  });

  it('migrates a fresh database once when two processes start together', async () => {
    const fresh = await freshDb({ migrate: false });
    const other = (await fresh.openAnother()) ?? fresh.db;
    try {
      const [a, b] = await Promise.all([migrate(fresh.db), migrate(other)]);
      // Every migration of the folder, each applied by one of the two.
      const files = readdirSync(new URL('../../../server/db/migrations/', import.meta.url)).filter((f) => f.endsWith('.sql')).sort();
      expect(files.slice(0, 4)).toEqual(['001_users_and_groups.sql', '002_groups.sql', '003_sessions.sql', '004_catalogue.sql']);
      expect([...a, ...b].sort()).toEqual(files);
      const { rows } = await query<{ n: number }>(fresh.db, 'select count(*) as n from schema_migrations');
      expect(rows[0].n).toBe(files.length);
    } finally {
      if (other !== fresh.db) await other.destroy();
      await fresh.drop();
    }
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await db.transaction().execute((tx) => query(tx, "insert into settings (key, value) values ('kept', '1')"));
    await expect(
      db.transaction().execute(async (tx) => {
        await query(tx, "insert into settings (key, value) values ('dropped', '1')");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await query<{ key: string }>(db, "select key from settings where key in ('kept', 'dropped')");
    expect(rows.map((row) => row.key)).toEqual(['kept']);
  });

  it('returns bigint columns and counts as numbers and text[] as arrays on both back ends', async () => {
    const { rows } = await query<{ big: number; n: number; list: string[] }>(db,
      "select 1700000000::bigint as big, count(*) as n, array['a', 'b']::text[] as list from settings",
    );
    expect(rows[0]).toEqual({ big: 1_700_000_000, n: expect.any(Number), list: ['a', 'b'] });
  });

  it('keeps one generated JWT secret in the database, so every process accepts the others\u2019 tokens', async () => {
    const first = createSessionJwt({ db });
    const second = createSessionJwt({ db });
    const claims = { userId: 1, userName: 'a@b.com', roles: ['account' as const], territory: 'uk' as const,
      validated: true, sessionId: 'session-id-of-sixteen', recycleDate: 2000, recycleSeconds: 60, expirySeconds: 60 };
    const [a, b] = await Promise.all([first.sign(claims, 1000), second.sign(claims, 1000)]);
    expect(await second.verify(a, 1_010_000)).toMatchObject({ userId: 1, userName: 'a@b.com' });
    expect(await first.verify(b, 1_010_000)).toMatchObject({ userId: 1 });
    const { rows } = await query(db, "select 1 from settings where key = 'jwt_secret'");
    expect(rows).toHaveLength(1);
  });
});

describe('mailer without SMTP', () => {
  it('keeps the message in the outbox and prints one line with the code and link', async () => {
    const lines: string[] = [];
    const mailer = createMailer({ db, log: (line) => lines.push(line) });
    await mailer.send({ to: 'x@example.com', subject: 'Your validation code', text: 'Code 123456', html: '<p>123456</p>',
      summary: 'Code 123456, enter it at http://localhost:8080/portal/validate' });
    const { rows } = await query<{ to_address: string; subject: string; text_body: string; from_address: string }>(db,
      'select to_address, subject, text_body, from_address from outbox',
    );
    expect(rows).toEqual([{ to_address: 'x@example.com', subject: 'Your validation code', text_body: 'Code 123456',
      from_address: 'Data Quality Portal <no-reply@portal.localhost>' }]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('x@example.com');
    expect(lines[0]).toContain('Your validation code');
    expect(lines[0]).toContain('123456');
    expect(lines[0]).toContain('http://localhost:8080/portal/validate');
  });
});
