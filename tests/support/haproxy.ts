// Debian's HAProxy in front of test server processes, with the configuration docs/deployment.md
// shows: round robin, health checks on /readyz every 500 ms, a refused connection or a 503 tried on
// another server, the request id set when absent, and the answering server named in X-Served-By.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './serverProcess';

export const haproxyBinary = '/usr/sbin/haproxy';
/** Whether HAProxy is installed (apt-get install haproxy; .ci/run installs it). */
export const hasHaproxy = () => existsSync(haproxyBinary);

/** The configuration for `servers` (name to port on 127.0.0.1), listening on `front`. */
export function haproxyConfig(front: number, servers: Record<string, number>, timeoutSeconds = 60): string {
  return `global
  log stderr format raw local0 warning

defaults
  mode http
  timeout connect 2s
  timeout client ${timeoutSeconds}s
  timeout server ${timeoutSeconds}s
  timeout check 2s
  retries 3
  option redispatch
  retry-on conn-failure empty-response 503

frontend portal
  bind 127.0.0.1:${front}
  default_backend servers

backend servers
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  option forwardfor
  http-request set-header X-Request-Id %[uuid()] unless { req.hdr(x-request-id) -m found }
  http-response set-header X-Served-By %[srv_name]
${Object.entries(servers).map(([name, port]) => `  server ${name} 127.0.0.1:${port} check inter 500 fall 2 rise 2`).join('\n')}
`;
}

/** Starts HAProxy on a free port; `stop` kills it and removes its configuration. */
export async function startHaproxy(servers: Record<string, number>, options: { timeoutSeconds?: number } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'portal-haproxy-'));
  const front = await freePort();
  const configFile = join(dir, 'haproxy.cfg');
  await writeFile(configFile, haproxyConfig(front, servers, options.timeoutSeconds));
  const child = spawn(haproxyBinary, ['-f', configFile, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (piece: Buffer) => (output += piece.toString()));
  child.stderr.on('data', (piece: Buffer) => (output += piece.toString()));
  return {
    origin: `http://127.0.0.1:${front}`,
    /** What HAProxy printed so far. */
    output: () => output,
    async stop() {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    },
  };
}
