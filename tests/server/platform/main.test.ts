import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUser } from '../../../contract/users/entities';
import { startServer, type RunningServer } from '../../../server/main';
import { demoPassword } from '../../../server/seed';
import { codeIn, startMailCatcher, uniqueEmail, type MailCatcher } from '../support/harness';

let dataDir: string;
let mail: MailCatcher;
let server: RunningServer;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portal-data-'));
  mail = await startMailCatcher();
  // As the Playwright global setup does: in process, a temp data folder, any free port, real SMTP.
  // DATABASE_URL is cleared so this always exercises the embedded database with the demo seed.
  server = await startServer({
    env: { DATABASE_URL: undefined },
    dataDir,
    port: 0,
    host: '127.0.0.1',
    smtpUrl: mail.url,
    staticDir: join(dataDir, 'no-dist'),
    logger: false,
    banner: false,
  });
});
afterAll(async () => {
  await server?.close();
  await mail?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('startServer', () => {
  it('listens on the chosen port and serves the API over real HTTP', async () => {
    expect(server.url).toBe(`http://localhost:${server.port}`);
    expect(server.port).toBeGreaterThan(0);
    const response = await fetch(`http://127.0.0.1:${server.port}/api/config`);
    expect(response.status).toBe(200);
    expect((await response.json()).services.users).toBe('/api/users');
  });

  it('seeds the embedded database so the demo logins work', async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/api/users/auth`, {
      headers: { authorization: `Basic ${Buffer.from(`owner@example.com:${demoPassword}`).toString('base64')}` },
    });
    expect(response.status).toBe(200);
    expect(authUser.parse(await response.json())).toMatchObject({ userName: 'owner@example.com', roles: ['account'] });
  });

  it('sends mail through the configured SMTP server', async () => {
    const email = uniqueEmail('e2e');
    const response = await fetch(`http://127.0.0.1:${server.port}/api/users/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Correct-Horse-9', personalName: 'E2E', territory: 'uk' }),
    });
    expect(response.status).toBe(201);
    const message = await mail.take(email, 'Your validation code');
    expect(codeIn(message)).toMatch(/^\d{6}$/);
    expect(message.text).toContain(`http://127.0.0.1:${server.port}/portal/validate`);
  });

  it('answers 503 for /portal when the SPA is not built', async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/portal`);
    expect(response.status).toBe(503);
  });
});
