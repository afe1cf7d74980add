// The load generator of the HTTP benchmark, run as a child process by tools/bench-http.ts: autocannon
// in the bench's own process would share its heap (large after the Vite build and Chromium) and stall
// in its garbage collections, counting the stalls as server latency. Reads its options as JSON from
// argv and prints the result as one JSON line.
import autocannon from 'autocannon';

type Options = { url: string; connections: number; seconds: number; headers: Record<string, string>; method?: 'GET' | 'POST' };

const options = JSON.parse(process.argv[2] ?? '{}') as Options;
const result = await autocannon({
  url: options.url,
  method: options.method ?? 'GET',
  connections: options.connections,
  duration: options.seconds,
  headers: options.headers,
});
console.log(
  JSON.stringify({
    rps: result.requests.average,
    total: result.requests.total,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  }),
);
