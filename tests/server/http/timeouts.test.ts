import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness';

// Half-open and idle clients must not hold connections for ever, nor starve real ones.

let h: Harness | undefined;
let sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets = [];
  await h?.close();
  h = undefined;
});

async function listening(env: Record<string, string>) {
  h = await createHarness({ env: { HTTP_CHECK_INTERVAL_MS: '50', ...env } });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  return (h.app.server.address() as AddressInfo).port;
}

/** How many connections the server holds. */
const connections = () => new Promise<number>((resolve, reject) => h!.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));

/** Opens a socket; `closed` resolves when the server ends it. */
function open(port: number, send?: string) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  // Read what the server sends (its 408), so its closing reaches us, and keep it.
  const received: Buffer[] = [];
  socket.on('data', (piece: Buffer) => received.push(piece));
  socket.on('error', () => undefined);
  const ready = new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  if (send) void ready.then(() => socket.write(send));
  return { socket, ready, closed, answer: () => Buffer.concat(received).toString('latin1') };
}

describe('connection limits', () => {
  it('closes clients that never finish their headers, and serves real requests meanwhile', async () => {
    const port = await listening({ HTTP_HEADERS_TIMEOUT_MS: '400', HTTP_IDLE_TIMEOUT_MS: '60000' });
    const halfOpen = Array.from({ length: 300 }, () => open(port, 'GET /api/config HTTP/1.1\r\nHost: x\r\n'));
    await Promise.all(halfOpen.map((c) => c.ready));
    const real = await fetch(`http://127.0.0.1:${port}/api/config`);
    expect(real.status).toBe(200);
    await Promise.all(halfOpen.map((c) => c.closed));
    // Each was closed by the server's headers deadline (its 408), not by the test nor the idle
    // timeout of a minute. (A bound on the elapsed time failed once on a busy CI machine.)
    expect(halfOpen.map((c) => c.answer().split('\r\n')[0])).toEqual(halfOpen.map(() => 'HTTP/1.1 408 Request Timeout'));
    expect(halfOpen.every((c) => c.socket.destroyed)).toBe(true);
  });

  it('closes connections that send nothing at all after the idle timeout', async () => {
    const port = await listening({ HTTP_IDLE_TIMEOUT_MS: '300' });
    const idle = Array.from({ length: 50 }, () => open(port));
    await Promise.all(idle.map((c) => c.ready));
    await Promise.all(idle.map((c) => c.closed));
    expect(idle.every((c) => c.socket.destroyed)).toBe(true);
  });

  it('refuses connections beyond the limit at once instead of running out of file descriptors', async () => {
    const port = await listening({ HTTP_MAX_CONNECTIONS: '10', HTTP_IDLE_TIMEOUT_MS: '60000', HTTP_HEADERS_TIMEOUT_MS: '60000' });
    const held = Array.from({ length: 10 }, () => open(port));
    await Promise.all(held.map((c) => c.ready));
    // Connected is not yet accepted: wait until the server counts all ten (a fixed 100 ms was too
    // short on a loaded machine, and the eleventh was then let in while one of the ten was refused).
    await expect.poll(() => connections(), { timeout: 10_000 }).toBe(10);
    const extra = open(port, 'GET /api/config HTTP/1.1\r\nHost: x\r\n\r\n');
    await extra.closed;
    expect(held.some((c) => c.socket.destroyed)).toBe(false);
    for (const c of held) c.socket.destroy();
    await expect.poll(() => connections(), { timeout: 10_000 }).toBe(0);
    expect((await fetch(`http://127.0.0.1:${port}/api/config`)).status).toBe(200);
  }, 30_000);
});
