// npm run bench: speed and size targets, measured, never asserted in timed tests.
// First target: the initial JavaScript of /portal/login (gzip KB) next to the bare framework floor
// (tools/bench-floor) built the same way; the ratio should stay at or under 1.20 (the run fails when over).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { startServer } from '../server/main';
import { benchEmail } from './bench-email';
import { benchHttp, loginTransfer } from './bench-http';
import { benchLighthouse } from './bench-lighthouse';
import { benchAddress } from './bench-address';
import { benchBankNames } from './bench-banknames';
import { benchCleanse } from './bench-cleanse';
import { benchBureauRead } from './bench-bureau-read';
import { benchMetering } from './bench-meter';
import { benchUpload } from './bench-upload';

const root = resolve(import.meta.dirname, '..');
const target = 1.2;

/** `npm run bench -- js lighthouse` runs only the parts named (js, lighthouse, http, meter, upload, engines). */
const parts = ['js', 'lighthouse', 'http', 'meter', 'upload', 'engines'] as const;
const asked = process.argv.slice(2);
const unknown = asked.filter((a) => !(parts as readonly string[]).includes(a));
if (unknown.length) throw new Error(`unknown bench part ${unknown.join(', ')}: choose from ${parts.join(', ')}`);
const runs = (part: (typeof parts)[number]) => asked.length === 0 || asked.includes(part);
let failed = false;

/** Both apps are built with the project's own vite.config.ts; only the root and output differ. */
async function buildApp(appRoot: string, outDir: string) {
  await build({
    configFile: join(root, 'vite.config.ts'),
    root: appRoot,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
}

/** Loads the page in Chromium and sums the gzip size of every script it fetched from `dir`. */
async function initialJs(url: string, dir: string, ready: string): Promise<{ kb: number; files: string[] }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.endsWith('.js')) scripts.add(path.replace(/^\/portal\//, ''));
    });
    await page.goto(url);
    await page.waitForSelector(ready);
    await page.waitForLoadState('networkidle');
    const files = [...scripts].sort();
    const bytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(dir, f)), { level: 9 }).length, 0);
    return { kb: bytes / 1024, files };
  } finally {
    await browser.close();
  }
}

function serveStatic(dir: string): Promise<{ url: string; close(): void }> {
  const types: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.css': 'text/css' };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/portal\/?/, '');
    const file = path.includes('.') ? join(dir, path) : join(dir, 'index.html');
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () =>
      done({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }),
    ),
  );
}

const work = mkdtempSync(join(tmpdir(), 'portal-bench-'));
try {
  const appDist = join(work, 'app');
  const floorDist = join(work, 'floor');
  const nodeEnv = process.env.NODE_ENV;
  await buildApp(root, appDist);
  await buildApp(join(root, 'tools/bench-floor'), floorDist);
  // Vite's build sets NODE_ENV=production in this process; the servers below are the demo, not a deployment.
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;

  if (runs('js') || runs('lighthouse')) {
    const portal = await startServer({ port: 0, host: '127.0.0.1', dataDir: join(work, 'data'), staticDir: appDist, banner: false, logger: false, env: { ...process.env, DATABASE_URL: '' } });
    // The floor behind the portal's own server, for Lighthouse to compare like with like.
    const floorPortal = await startServer({ port: 0, host: '127.0.0.1', dataDir: join(work, 'floor-data'), staticDir: floorDist, banner: false, logger: false, env: { ...process.env, DATABASE_URL: '', SEED_DEMO: '0' } });
    try {
      if (runs('js')) {
        const app = await initialJs(`${portal.url}/portal/login`, appDist, 'button[type=submit]');
        await loginTransfer(portal.portalUrl);
        const floorServer = await serveStatic(floorDist);
        const floor = await initialJs(`${floorServer.url}/portal/login`, floorDist, 'button');
        floorServer.close();
        const ratio = app.kb / floor.kb;
        console.log('Initial JS of /portal/login (gzip, level 9)');
        console.log(`  portal: ${app.kb.toFixed(1)} KB in ${app.files.length} files (${app.files.join(', ')})`);
        console.log(`  floor:  ${floor.kb.toFixed(1)} KB in ${floor.files.length} files (React, TanStack Router, XState)`);
        console.log(`  ratio:  ${ratio.toFixed(2)}x (target <= ${target}x) ${ratio <= target ? 'OK' : 'OVER TARGET'}`);
        if (ratio > target) failed = true;
        console.log();
      }
      if (runs('lighthouse')) {
        // Lighthouse's goal is printed, not enforced: its figures depend on how idle the machine is.
        await benchLighthouse(`${portal.portalUrl}/login`, `${floorPortal.portalUrl}/login`, `${portal.portalUrl}/home`);
        console.log();
      }
    } finally {
      await portal.close();
      await floorPortal.close();
    }
  }
  if (runs('http')) {
    await benchHttp(appDist);
    console.log();
  }
  if (runs('meter')) {
    await benchMetering(appDist);
    console.log();
  }
  if (runs('upload')) {
    await benchUpload(appDist);
    console.log();
  }
  if (runs('engines')) {
    await benchAddress();
    await benchEmail();
    console.log();
    await benchBankNames();
    console.log();
    await benchCleanse();
    console.log();
    await benchBureauRead();
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  rmSync(work, { recursive: true, force: true });
}
