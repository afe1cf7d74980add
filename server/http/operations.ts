import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';
import { poolStats, type Db } from '../db';
import type { JobsHandle } from '../jobs/handle';
import type { ReadinessCheck } from '../platform/health';
import { directCall } from './openapiCall';
import type { Metrics } from '../platform/metrics';
import { requestContext } from '../platform/requestContext';
import type { TrustProxy } from './trustProxy';

// What the people who run the portal see of each process, registered directly on Fastify because
// none of it is a call of the contract:
//   - GET /healthz: the process is alive (200 while it can answer at all);
//   - GET /readyz: it should be sent requests (server/platform/health.ts); 503 with the reason when
//     not, and from the moment it starts shutting down;
//   - GET /metrics: Prometheus' text format, only with METRICS_TOKEN as a bearer token (404
//     otherwise, so the public learns nothing), or on a port of its own (METRICS_PORT);
//   - one JSON log line per request (no query string, no header: nothing secret), with a request id
//     that the answer carries back in x-request-id and any job the request queues carries on.

/** A request id a proxy may hand on: printable, no spaces, at most 128 characters. */
const requestIdPattern = /^[\w.:@/+=-]{1,128}$/;

/**
 * Fastify's genReqId: the X-Request-Id of a trusted proxy (TRUST_PROXY), so one id follows a
 * request from the load balancer's log to ours; else a new random one. A client's own header is
 * ignored unless it came through a trusted proxy.
 */
export function requestIdOf(trust: TrustProxy): (request: IncomingMessage) => string {
  const trusted = trust === null ? () => false : 'hops' in trust ? () => true : proxyAddr.compile(trust.addresses);
  return (request) => {
    const sent = request.headers['x-request-id'];
    const peer = request.socket.remoteAddress ?? '';
    return typeof sent === 'string' && requestIdPattern.test(sent) && trusted(peer, 0) ? sent : randomUUID();
  };
}

/**
 * The logger's options: JSON lines at `level`. Fastify's own request lines are off (operations logs
 * one line per answer instead); an error's request is written as its method and path, never its
 * query string (download links carry tokens there) or headers.
 */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    serializers: {
      req: (request: { method?: string; url?: string }) => ({ method: request.method, path: pathOf(request.url ?? '') }),
    },
    redact: { paths: ['req.headers', 'headers.authorization', '*.password', '*.token', '*.jwt'], censor: '[redacted]' },
  };
}

const pathOf = (url: string) => url.split('?')[0];

type OperationsDeps = { config: Config; db: Db; jobs: JobsHandle; readiness: ReadinessCheck; metrics: Metrics };

export function registerOperations(app: FastifyInstance, deps: OperationsDeps): void {
  const { metrics, readiness, config } = deps;
  app.decorate('metrics', metrics);
  app.decorate('readiness', readiness);
  metrics.gaugeOnScrape('jobs_queued', 'Jobs waiting and running, by queue', ['queue', 'state'], async () =>
    (await deps.jobs.depth()).map((row) => ({ labels: { queue: row.queue, state: row.state }, value: row.count })),
  );
  metrics.gaugeOnScrape('db_pool_connections', 'PostgreSQL pool connections by state (total, idle, waiting clients); none with PGlite', ['state'], async () => {
    const stats = poolStats(deps.db);
    return stats ? Object.entries(stats).map(([state, value]) => ({ labels: { state }, value })) : [];
  });

  app.addHook('onRequest', (request, _reply, done) => requestContext.run(request.id, done));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const seconds = reply.elapsedTime / 1000;
    metrics.request(request.method, route, reply.statusCode, seconds);
    request.log.info({ method: request.method, route, path: pathOf(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10, ip: request.ip }, 'request');
    done();
  });

  // In a plugin of their own, registered after the API document's (openapi.ts), which lists them.
  const token = config.metrics.token;
  app.register(async (scope) => {
    scope.get('/healthz', { config: { call: operationsCall('/healthz', 'Whether the process is alive', 'Always 200 while the process can answer: a liveness check.') } }, async () => ({ alive: true }));
    scope.get(
      '/readyz',
      { config: { call: operationsCall('/readyz', 'Whether the process should be sent requests', 'A load balancer\'s health check: 200 when the database answers, every migration is applied, the address data is loaded and the job queue runs; 503 with the reason and each check otherwise, and from the moment the process starts shutting down.', [503]) } },
      async (_request, reply) => {
        const state = await readiness.check();
        return reply.code(state.ready ? 200 : 503).header('cache-control', 'no-store').send(state);
      },
    );
    scope.get(
      '/metrics',
      { config: { call: operationsCall('/metrics', 'Prometheus metrics', 'The process\'s metrics in Prometheus\' text format, for `Authorization: Bearer` with the METRICS_TOKEN the server was started with; 404 otherwise (and when no token is set).', [404]) } },
      async (request, reply) => {
        if (token === null || !bearerMatches(request.headers.authorization, token)) return reply.code(404).send({ msg: 'Not Found', statusCode: 404 });
        return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
      },
    );
  });
}

const operationsCall = (path: string, summary: string, description: string, errors: number[] = []) => directCall('GET', path, { tag: 'operations', summary, description, errors });

function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = Buffer.from(/^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return sent.length === wanted.length && timingSafeEqual(sent, wanted);
}

/** METRICS_PORT: the metrics on a port of their own (METRICS_HOST, 127.0.0.1 by default), with no token. */
export function startMetricsServer(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (pathOf(request.url ?? '') !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => done(server));
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's metrics (server/platform/metrics.ts): route() counts metered calls, the files module upload bytes. */
    metrics: Metrics;
    /** Whether the process should be sent requests; main.ts closes it first on SIGTERM. */
    readiness: ReadinessCheck;
  }
}
