import { readFile, stat } from 'node:fs/promises';
import '@fastify/helmet';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RuntimeConfig } from '../../contract/config/entities';

export const configPlaceholder = '<!--portal-config-->';

/**
 * The config as a script tag; `<` is escaped so no string in it can close the tag. The nonce is the
 * response's CSP nonce: the one inline script the policy allows.
 */
export function configScript(config: RuntimeConfig, nonce?: string): string {
  const json = JSON.stringify(config)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script${nonce ? ` nonce="${nonce}"` : ''}>window.__PORTAL_CONFIG__=${json}</script>`;
}

const isFile = (path: string) => stat(path).then((s) => s.isFile(), () => false);

/**
 * A path that names a file (a dot in its last part, or any hidden part such as .env): when there is
 * no such file it is a 404, never the SPA page (a client route has no dots).
 */
export const looksLikeFile = (path: string) => {
  const parts = path.split('/').filter(Boolean);
  return parts.some((part) => part.startsWith('.')) || (parts.at(-1) ?? '').includes('.');
};

/**
 * Serves the built SPA under /portal: hashed assets with a long cache, other files as they are, and
 * index.html, with the runtime config injected, for every other path so client routes load. The
 * folder is looked at on each request, so a build made while the server runs is picked up.
 */
export async function spaPlugin(app: FastifyInstance, options: { staticDir: string; config: RuntimeConfig }) {
  const root = resolve(options.staticDir);
  await app.register(fastifyStatic, { root, serve: false });

  const sendIndex = async (reply: FastifyReply) => {
    const nonce = reply.cspNonce?.script;
    let html: string;
    try {
      html = await readFile(resolve(root, 'index.html'), 'utf8');
    } catch {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The portal is not built yet. Run `npm run build`, then reload this page.\n');
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html.replace(configPlaceholder, configScript(options.config, nonce)));
  };

  app.get('/', (_request, reply) => reply.redirect('/portal'));
  app.get('/portal', (_request, reply) => sendIndex(reply));
  app.get<{ Params: { '*': string } }>('/portal/*', async (request, reply) => {
    const path = request.params['*'] ?? '';
    const file = resolve(root, path);
    const inside = file.startsWith(root + sep);
    if (inside && path !== 'index.html' && (await isFile(file))) {
      const hashed = path.startsWith('assets/');
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      return reply.sendFile(path, { cacheControl: false });
    }
    // A missing script, stylesheet or other file must fail as such, not arrive as the HTML page.
    if (path.startsWith('assets/') || looksLikeFile(path)) return reply.status(404).type('text/plain').send('Not found\n');
    return sendIndex(reply);
  });
}
