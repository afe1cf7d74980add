import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

// What an operator's Prometheus scrapes from GET /metrics (server/http/operations.ts): one registry
// per app (tests build many apps in one process), with prom-client's process metrics beside ours.
// The counters are per process; Prometheus adds the processes up.

export type Metrics = ReturnType<typeof createMetrics>;

/** Seconds buckets for HTTP answers: most calls take milliseconds, uploads and cleanse pages seconds. */
const httpBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Jobs run from milliseconds (a mail) to many minutes (a bureau file's results). */
const jobBuckets = [0.05, 0.25, 1, 5, 15, 60, 300, 900, 3600];

/** What a metered call came to: charged, a test call, a route that charges nothing (free), refused (401, 402, 403, 429) or failed. */
export type MeterOutcome = 'charged' | 'test' | 'free' | 'refused' | 'failed';

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP answers by method, route pattern and status, with their durations',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: httpBuckets,
    registers: [registry],
  });
  const meteredCalls = new Counter({
    name: 'metered_calls_total',
    help: 'Data-quality calls by service, outcome (charged, test, free, refused, failed) and status',
    labelNames: ['service', 'outcome', 'status'] as const,
    registers: [registry],
  });
  const jobRuns = new Histogram({
    name: 'job_duration_seconds',
    help: 'Job runs by queue and outcome (completed, failed), with their durations',
    labelNames: ['queue', 'outcome'] as const,
    buckets: jobBuckets,
    registers: [registry],
  });
  const uploadBytes = new Counter({
    name: 'upload_bytes_total',
    help: 'Bytes of file upload chunks stored, by territory',
    labelNames: ['territory'] as const,
    registers: [registry],
  });
  return {
    registry,
    /** One answered HTTP request; `route` is the pattern (/api/users/:id), never the URL with its values. */
    request(method: string, route: string, status: number, seconds: number) {
      requests.observe({ method, route, status: String(status) }, seconds);
    },
    metered(service: string, outcome: MeterOutcome, status = 200) {
      meteredCalls.inc({ service, outcome, status: String(status) });
    },
    job(queue: string, outcome: 'completed' | 'failed', seconds: number) {
      jobRuns.observe({ queue, outcome }, seconds);
    },
    uploaded(territory: string, bytes: number) {
      uploadBytes.inc({ territory }, bytes);
    },
    /**
     * A gauge read when Prometheus scrapes (the job queue's depth, the database pool): `read` returns
     * the current values by label set, and may query the database.
     */
    gaugeOnScrape<L extends string>(name: string, help: string, labelNames: readonly L[], read: () => Promise<Array<{ labels: Record<L, string>; value: number }>>) {
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          this.reset();
          for (const { labels, value } of await read()) this.set(labels, value);
        },
      });
    },
  };
}
