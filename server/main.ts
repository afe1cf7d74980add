// npm start / npm run dev: the portal's server. Also imported by the Playwright global setup.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync, FastifyServerOptions } from 'fastify';
import type { Server } from 'node:http';
import { buildApp, depsOf } from './app';
import { loggerOptions, startMetricsServer } from './http/operations';
import { loadConfig, type Config } from './config';
import { migrate, openDb, type Db } from './db';
import type { Deps } from './kernel/deps';
import { createMailer } from './platform/mail';
import { demoPassword, demoUsers, seedDemo } from './seed';
import { seedBureauDemo } from './seedBureau';

export type StartOptions = {
  /** Read for everything not given below; defaults to process.env. */
  env?: Record<string, string | undefined>;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  dataDir?: string;
  databaseUrl?: string;
  smtpUrl?: string;
  staticDir?: string;
  publicUrl?: string;
  seedDemo?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Print the URL and the demo logins (default true). */
  banner?: boolean;
  /** Routes only a test or bench server has (the test-only metered route), with the app's deps. */
  routes?: FastifyPluginAsync<{ deps: Deps }>;
};

export type RunningServer = {
  /** Origin, e.g. http://localhost:8080; the SPA is at `${url}/portal`. */
  url: string;
  portalUrl: string;
  port: number;
  app: FastifyInstance;
  db: Db;
  config: Config;
  close(): Promise<void>;
};

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const overrides: Record<string, string | number | boolean | undefined> = {
    PORT: options.port,
    HOST: options.host,
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    SMTP_URL: options.smtpUrl,
    STATIC_DIR: options.staticDir,
    PUBLIC_URL: options.publicUrl,
    SEED_DEMO: options.seedDemo === undefined ? undefined : options.seedDemo ? '1' : '0',
  };
  const env = { ...(options.env ?? process.env) };
  for (const [name, value] of Object.entries(overrides)) if (value !== undefined) env[name] = String(value);
  const config = loadConfig(env);

  const db = await openDb({ databaseUrl: config.databaseUrl ?? undefined, dataDir: config.dataDir });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db });
  let app: FastifyInstance | undefined;
  let metricsServer: Server | undefined;
  try {
    await migrate(db);
    if (config.seedDemo) await seedDemo(db);
    // The real server starts its job queue with the app, so its workers poll from the start.
    app = buildApp({ db, mailer, config, logger: options.logger ?? loggerOptions(config.logLevel), startJobs: 'ready' });
    if (options.routes) app.register(options.routes, { deps: depsOf(app) });
    // The demo's bureau file needs the app's file store and bureau services.
    if (config.seedDemo) await seedBureauDemo(depsOf(app));
    await app.listen({ port: config.port, host: config.host });
    if (config.metrics.port !== null) metricsServer = await startMetricsServer(app.metrics, config.metrics.port, config.metrics.host);
  } catch (error) {
    metricsServer?.close();
    await app?.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    throw error;
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  let closing: Promise<void> | undefined;
  const running: RunningServer = {
    url,
    portalUrl: `${url}/portal`,
    port,
    app,
    db,
    config,
    close: () =>
      (closing ??= (async () => {
        await drainAndClose(app, config.shutdown);
        metricsServer?.close();
        await mailer.close();
        await db.destroy();
      })()),
  };

  if (options.banner ?? true) printBanner(running);
  return running;
}

/**
 * A graceful stop: answer not ready (GET /readyz 503) for `drainMs` while still serving, so the load
 * balancer's health check takes the process out of rotation; then stop listening (Fastify closes
 * idle keep-alive connections and answers 503 to a request that still arrives on a busy one), let
 * the requests in flight finish and the job worker end its current job (the app's onClose hooks).
 * Whatever is still open after `timeoutMs` is cut off, and the stop goes on.
 */
async function drainAndClose(app: FastifyInstance, limits: Config['shutdown']): Promise<void> {
  app.readiness.close();
  if (limits.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, limits.drainMs));
  const closed = app.close();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), limits.timeoutMs)));
  if ((await Promise.race([closed, late])) === 'late') {
    app.log.warn({ timeoutMs: limits.timeoutMs }, 'shutdown: requests still open after the deadline are cut off');
    app.server.closeAllConnections();
  }
  clearTimeout(timer);
  await closed;
}

function printBanner({ portalUrl, config }: RunningServer) {
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  const lines = [`Portal running at ${portalUrl}`, `Database: ${where}`];
  lines.push(config.smtpUrl ? `Mail: SMTP ${config.smtpUrl.replace(/\/\/[^@]*@/, '//***@')}` : 'Mail: outbox table (codes printed below as they are sent)');
  if (config.seedDemo) {
    lines.push(`Demo logins (password ${demoPassword}):`);
    for (const user of demoUsers) lines.push(`  ${user.email.padEnd(26)} ${user.about}`);
  }
  console.log(lines.join('\n'));
}

async function main() {
  // --dev (npm run dev) turns on development behaviour such as the statechart visualiser.
  const env = process.argv.includes('--dev')
    ? { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' }
    : process.env;
  const server = await startServer({ env });
  const stop = async (signal: string) => {
    console.log(`${signal} received, shutting down`);
    try {
      await server.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

/** Is the module at `moduleUrl` (its import.meta.url) the script node was started with? */
export function invokedDirectly(moduleUrl: string): boolean {
  try {
    return !!process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

if (invokedDirectly(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error('The server could not start:', error);
    process.exit(1);
  });
}
