// The load generator of the HTTP benchmark, run as a child process by tools/bench-http.ts: autocannon
// in the bench's own process would share its heap (large after the Vite build and Chromium) and stall
// in its garbage collections, counting the stalls as server latency. Reads its options as JSON from
// argv and prints the result as one JSON line. `headers` is one set for every request, or a list (one
// per account): each connection then goes round the list from its own place in it, so at any moment
// the connections call for accounts spread over the whole list.
import autocannon from 'autocannon';

type Headers = Record<string, string>;
type Options = { url: string; connections: number; seconds: number; headers: Headers | Headers[]; method?: 'GET' | 'POST' };

const options = JSON.parse(process.argv[2] ?? '{}') as Options;
const method = options.method ?? 'GET';
const sets = Array.isArray(options.headers) ? options.headers : null;
let connection = 0;
const result = await autocannon({
  url: options.url,
  method,
  connections: options.connections,
  duration: options.seconds,
  ...(sets
    ? {
        headers: sets[0],
        setupClient: (client) => {
          const start = Math.floor((connection++ * sets.length) / options.connections);
          client.setRequests(sets.map((_, k) => ({ method, headers: sets[(start + k) % sets.length] })));
        },
      }
    : { headers: options.headers as Headers }),
});
console.log(
  JSON.stringify({
    rps: result.requests.average,
    total: result.requests.total,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  }),
);
