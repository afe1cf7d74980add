import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness';

// Serving hardened: security headers and a CSP whose only inline script is the config's (by nonce),
// compression, no caching of API answers, 404 for file-like paths that do not exist.

let h: Harness;
let dist: string;
const bigScript = `console.log(${JSON.stringify('portal '.repeat(2000))});`;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'portal-serving-'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><html><head><!--portal-config--></head><body></body></html>');
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'assets', 'main-a1b2c3.js'), bigScript);
  h = await createHarness({
    env: { STATIC_DIR: dist, BOT_CHECK_SITE_KEY: 'k', BOT_CHECK_SCRIPT_URL: 'https://challenges.example.net/api.js', TRUST_PROXY: '1' },
  });
});
afterAll(async () => {
  await h?.close();
  await rm(dist, { recursive: true, force: true });
});

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name)
    ?.slice(1) ?? [];

describe('security headers', () => {
  it('sends a CSP that allows the injected config script by its nonce and no other inline script', async () => {
    const page = await h.inject({ method: 'GET', url: '/portal/login' });
    const csp = String(page.headers['content-security-policy']);
    const nonce = /<script nonce="([^"]+)">window\.__PORTAL_CONFIG__=/.exec(page.body)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/=_-]{16,}$/);
    const scripts = directive(csp, 'script-src');
    expect(scripts).toContain(`'nonce-${nonce}'`);
    expect(scripts).toContain("'self'");
    expect(scripts).toContain('https://challenges.example.net');
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
    // A new nonce for every response.
    const again = await h.inject({ method: 'GET', url: '/portal/login' });
    expect(again.body).not.toContain(nonce);
  });

  it('sends nosniff, a referrer policy and frame protection on pages and API answers alike', async () => {
    // Headers alike on a page and an API answer: both asked for by URL, as a browser does.
    for (const url of ['/portal/home', '/api/config']) {
      const response = await h.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('pins HTTPS with HSTS only when the request came over TLS', async () => {
    const plain = await h.inject({ method: 'GET', url: '/portal/login' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await h.inject({ method: 'GET', url: '/portal/login', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('lets no browser or proxy keep the login answer that carries the token', async () => {
    const user = await h.createUser();
    const response = await h.authenticate(user.email, user.password);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('files and compression', () => {
  it('answers 404 for file-like paths that are not in the build, never the SPA page', async () => {
    for (const url of ['/portal/package.json', '/portal/.env', '/portal/config.json', '/portal/user/.git/config', '/portal/x.map']) {
      const response = await h.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('__PORTAL_CONFIG__');
    }
    expect((await h.inject({ method: 'GET', url: '/portal/user/12/edit' })).statusCode).toBe(200);
  });

  it('compresses scripts with brotli or gzip as the browser asks, and leaves them whole without', async () => {
    const br = await h.inject({ method: 'GET', url: '/portal/assets/main-a1b2c3.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(bigScript.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);
    const gzip = await h.inject({ method: 'GET', url: '/portal/assets/main-a1b2c3.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(bigScript);
    const none = await h.inject({ method: 'GET', url: '/portal/assets/main-a1b2c3.js', headers: { 'accept-encoding': 'identity' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(bigScript);
  });
});
