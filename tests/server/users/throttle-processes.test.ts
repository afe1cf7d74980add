// The login throttle across processes: two apps over one PostgreSQL schema, as two server
// processes would be, share the login limits. PostgreSQL only (PGlite is one process by nature).
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { createMailer } from '../../../server/platform/mail';
import * as E from '../../../contract/users/endpoints';
import { urlOf } from '../support/api';
import { fixtureHash, freshDb, query, testClock, uniqueEmail } from '../support/harness';

describe.runIf(process.env.DATABASE_URL)('login throttle over two app instances on one PostgreSQL', () => {
  it('checks at most 5 of 400 concurrent wrong passwords sent to two instances', async () => {
    const { db, openAnother, drop } = await freshDb();
    const other = (await openAnother())!;
    const clock = testClock();
    const config = loadConfig({ STATIC_DIR: '/nonexistent-portal-dist' });
    const apps = [db, other].map((instanceDb) =>
      buildApp({ db: instanceDb, mailer: createMailer({ db: instanceDb }), config, clock }),
    );
    try {
      await Promise.all(apps.map((app) => app.ready()));
      const email = uniqueEmail('twoapps');
      const now = Math.floor(clock() / 1000);
      await query(db,
        `insert into users (user_name, email, password_hash, personal_name, validated, create_timestamp, update_timestamp)
         values ($1, $1, $2, 'Two Apps', true, $3, $3)`, [email, fixtureHash, now]);
      const authorization = `Basic ${Buffer.from(`${email}:Wrong-Password-1`).toString('base64')}`;
      const responses = await Promise.all(
        Array.from({ length: 400 }, (_, i) =>
          // Basic credentials from one network address, straight to either app: no harness and no contract call.
          apps[i % 2].inject({ method: 'GET', url: urlOf(E.login, {}), headers: { authorization }, remoteAddress: '10.20.0.1' }),
        ),
      );
      const codes = responses.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 401)).toHaveLength(5);
      expect(codes.filter((c) => c === 429)).toHaveLength(395);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await other.destroy();
      await drop();
    }
  });
});
