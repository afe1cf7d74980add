import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeConfig } from '../../../contract/config/entities';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { createMailer } from '../../../server/platform/mail';
import { createHarness, type Harness } from '../support/harness';

let h: Harness;
let dist: string;
const indexHtml = '<!doctype html><html><head><!--portal-config--></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'portal-dist-'));
  await writeFile(join(dist, 'index.html'), indexHtml);
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'assets', 'main-a1b2c3.js'), 'console.log("portal")');
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  h = await createHarness({
    env: {
      STATIC_DIR: dist,
      SUPPORT_EMAIL: 'help@example.com</script><script>alert(1)//',
      BOT_CHECK_SITE_KEY: 'site-key-1',
      REQUEST_CACHE_SECONDS: '0',
      DEFAULT_TERRITORY: 'Aus',
      VISUALISER: '1',
    },
  });
});
afterAll(async () => {
  await h?.close();
  await rm(dist, { recursive: true, force: true });
});

/** The object the page's script assigns to window.__PORTAL_CONFIG__. */
function injectedConfig(html: string): unknown {
  const match = /<script[^>]*>window\.__PORTAL_CONFIG__=(.*?)<\/script>/.exec(html);
  if (!match) throw new Error('No config script in the page');
  return JSON.parse(match[1]);
}

describe('GET /api/config', () => {
  it('serves the runtime configuration built from the environment', async () => {
    const response = await h.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    const config = runtimeConfig.parse(response.json());
    expect(config).toEqual({
      services: {
        users: '/api/users',
        plans: '/api/plans',
        bureau: '/api/bureau',
        filesUk: '/api/files/uk',
        filesAustralia: '/api/files/australia',
        address: '/api/address',
        autocomplete: '/api/autocomplete',
        email: '/api/email',
        bank: '/api/bank',
        name: '/api/name',
      },
      supportEmail: 'help@example.com</script><script>alert(1)//',
      botCheckSiteKey: 'site-key-1',
      botCheckScriptUrl: null,
      requestCacheSeconds: 0,
      defaultTerritory: 'australia',
      sessionRecycleSeconds: 3600,
      visualiser: 'everyone',
    });
  });

  it('has sensible defaults with an empty environment', () => {
    const { runtime, port, host, dataDir, mailFrom, throttle } = loadConfig({});
    expect(runtime).toMatchObject({
      supportEmail: 'support@portal.localhost',
      botCheckSiteKey: null,
      botCheckScriptUrl: null,
      requestCacheSeconds: 30,
      defaultTerritory: 'uk',
      sessionRecycleSeconds: 3600,
      visualiser: 'off',
    });
    expect({ port, host, dataDir, mailFrom }).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data',
      mailFrom: 'Data Quality Portal <no-reply@portal.localhost>',
    });
    expect(throttle).toEqual({ accountFailures: 5, ipFailures: 20, windowSeconds: 900, accountWideFailures: 100, alertFailures: 10, signupsPerIp: 20 });
    expect(loadConfig({ NODE_ENV: 'development' }).runtime.visualiser).toBe('everyone');
    expect(loadConfig({ VISUALISER: 'staff' }).runtime.visualiser).toBe('staff');
    expect(loadConfig({ NODE_ENV: 'development', VISUALISER: 'off' }).runtime.visualiser).toBe('off');
  });

  it('refuses an unknown default territory', () => {
    expect(() => loadConfig({ DEFAULT_TERRITORY: 'france' })).toThrow('Unknown territory');
  });

  it('seeds the embedded database but not PostgreSQL unless SEED_DEMO=1', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });
});

// The SPA's files are no call of the contract: they are asked for by URL, as a browser does.
describe('serving the SPA under /portal', () => {
  it('serves index.html with the runtime config injected, escaped for a script tag', async () => {
    const response = await h.inject({ method: 'GET', url: '/portal' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).not.toContain('<!--portal-config-->');
    // The only closing script tag is the injected one's own.
    expect(response.body.match(/<\/script>/g)).toHaveLength(1);
    expect(injectedConfig(response.body)).toEqual((await h.inject({ method: 'GET', url: '/api/config' })).json());
  });

  it('falls back to index.html for client routes, keeping the query string out of the way', async () => {
    for (const url of ['/portal/', '/portal/login', '/portal/user/12/edit', '/portal/helpcentre/paymentHelp?x=1']) {
      const response = await h.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(injectedConfig(response.body), url).toMatchObject({ defaultTerritory: 'australia' });
    }
  });

  it('serves hashed assets with a long immutable cache and other files without one', async () => {
    const asset = await h.inject({ method: 'GET', url: '/portal/assets/main-a1b2c3.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("portal")');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await h.inject({ method: 'GET', url: '/portal/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for a missing asset instead of the page', async () => {
    const response = await h.inject({ method: 'GET', url: '/portal/assets/gone-000000.js' });
    expect(response.statusCode).toBe(404);
  });

  it('never serves files outside the build folder', async () => {
    for (const url of ['/portal/../package.json', '/portal/%2e%2e/package.json', '/portal/..%2fpackage.json']) {
      const response = await h.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('"dependencies"');
    }
  });

  it('redirects / to /portal', async () => {
    const response = await h.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/portal');
  });

  it('answers 503 with a hint to build when the SPA is not built', async () => {
    const mailer = createMailer({ db: h.db, log: () => {} });
    const app = buildApp({ db: h.db, mailer, config: { ...h.config, staticDir: join(dist, 'missing') } });
    try {
      const response = await app.inject({ method: 'GET', url: '/portal/login' });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('npm run build');
    } finally {
      await app.close();
    }
  });
});
