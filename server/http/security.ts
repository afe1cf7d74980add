import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { RuntimeConfig } from '../../contract/config/entities';

// What every response carries (issue: serving hardened): security headers with a Content Security
// Policy that allows no inline script but the runtime config's own (by nonce), compression, and no
// caching of API answers (the login response carries the session token).

/** The origin of an absolute URL, or null for a relative one or none. */
function originOf(url: string | null): string | null {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The CSP's directives: the portal itself, plus the bot check's and any absolute service's origin. */
export function cspDirectives(runtime: RuntimeConfig): Record<string, string[]> {
  const botCheck = originOf(runtime.botCheckScriptUrl);
  const services = Object.values(runtime.services).map(originOf);
  const extra = (...origins: Array<string | null>) => [...new Set(origins.filter((o): o is string => o !== null))];
  return {
    'default-src': ["'self'"],
    // helmet adds this request's nonce to script-src and style-src.
    // 'wasm-unsafe-eval' lets WebAssembly compile (the upload's SHA-256 in its worker, hash-wasm); it allows no eval of script.
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...extra(botCheck)],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...extra(botCheck, ...services)],
    'frame-src': extra(botCheck).length ? extra(botCheck) : ["'none'"],
    // The visualiser lays out its charts in a web worker.
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** Headers of every answer that are Fastify's or the route's own, not security headers. */
const ownHeaders = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers @fastify/helmet sets with `options` and no nonce, worked out once by asking a
 * throw-away instance, so they are exactly the plugin's and follow it through upgrades.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(helmet, { ...options, enableCSPNonces: false });
    probe.get('/', () => '');
    const { headers } = await probe.inject({ method: 'GET', url: '/' });
    return Object.fromEntries(Object.entries(headers).flatMap(([name, value]) => (ownHeaders.has(name) || value === undefined ? [] : [[name, String(value)]])));
  } finally {
    await probe.close();
  }
}

const isApi = (url: string | undefined) => url?.startsWith('/api/') ?? false;

/** Registered on the root instance before any route, so every response of every plugin gets it. */
export function registerSecurity(app: FastifyInstance, runtime: RuntimeConfig): void {
  app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 5 compresses scripts almost as well as 11 at a fraction of the CPU per response.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  const options: FastifyHelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(runtime) },
    // HSTS only where the portal is reached over TLS (below); plain-HTTP demos must not pin it.
    strictTransportSecurity: false,
    // Pages of other origins (the bot check's frame, the Stately inspector window) must still load.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
  // @fastify/helmet builds helmet's middleware again for every answer: 0.13 ms, twice what a bare
  // Fastify answer costs in all. Pages need that for their nonces; API
  // answers (JSON, no inline script) skip the plugin and get its nonce-free headers, worked out
  // once at start. This hook must come before the plugin's own onRoute hook, which reads `helmet`.
  app.addHook('onRoute', (route) => {
    if (isApi(route.url) && route.helmet === undefined) route.helmet = false;
  });
  app.register(helmet, { ...options, enableCSPNonces: true });
  let apiHeaders: Record<string, string> | undefined;
  app.addHook('onReady', async () => {
    apiHeaders = await helmetHeaders(options);
  });
  app.addHook('onRequest', async (request, reply) => {
    // Runs before the plugin's hooks, so an API route with helmet options of its own still gets those.
    if (apiHeaders && isApi(request.routeOptions.url)) reply.headers(apiHeaders);
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // API answers are per user and may carry tokens: no browser or proxy keeps them.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
