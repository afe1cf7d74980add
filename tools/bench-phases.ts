// Where a server's CPU goes under the benchmarks' load. Loaded into the server process by the HTTP
// benchmarks (`node --import ./tools/bench-phases.ts`, with BENCH_PHASES=1) and never by the portal
// itself, so the production path carries none of it. The first SIGUSR2 starts V8's sampling profiler,
// the second stops it and prints one line, `phases <json>`: the samples of busy code counted by the
// part of a call they belong to. Each sample is put where its innermost frame that says something
// points (see `phaseOf`): the socket write of a database query is the database's, the one of an
// HTTP answer Fastify's. The benches profile the warm-up load only, never the measured one.
import { Session } from 'node:inspector/promises';

export const phases = {
  authentication: 'authentication (bearer token, JWT verify)',
  session: 'session check (batching, rows to users)',
  database: 'database (driver; PGlite: its engine too)',
  meter: 'meter (clicks, usage)',
  handler: 'the call itself (handler, service)',
  validation: 'input validation (zod)',
  serialisation: 'serialisation (zod, JSON)',
  http: 'HTTP, routing, hooks (node, Fastify)',
  gc: 'garbage collection',
  other: 'other (V8, timers)',
} as const;
export type Phase = keyof typeof phases;
export type PhaseCounts = { busy: number; idle: number; counts: Partial<Record<Phase, number>> };

type Frame = { functionName: string; url: string };

/** The part a frame says it belongs to, or null to ask its caller (node's internals, zod, natives). */
function phaseOf({ functionName, url }: Frame): Phase | null {
  if (functionName === '(garbage collector)') return 'gc';
  if (functionName === '(program)') return 'other';
  const file = url.replace(/^file:\/\//, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1];
  if (pkg) {
    if (/^(pg|pg-pool|pg-protocol|pg-types|postgres-array|kysely|@electric-sql\/pglite)$/.test(pkg)) return 'database';
    if (pkg === 'fastify' && functionName === 'serialize') return 'serialisation';
    if (pkg === 'fastify' && /^validate/.test(functionName)) return 'validation';
    if (pkg === 'zod' || pkg === 'fastify-type-provider-zod' || pkg === 'jose') return null;
    return 'http';
  }
  if (url.startsWith('wasm://')) return 'database'; // PGlite's PostgreSQL
  if (/\/modules\/users\/jwt\.ts|\/modules\/metering\/|\/http\/authenticate\.ts|\/http\/meteredCaller\.ts/.test(file)) return 'authentication';
  if (/\/modules\/users\/sessionQueries\.ts/.test(file)) return 'session';
  if (/\/server\/db\//.test(file)) return 'database';
  if (/\/platform\/meter/.test(file)) return 'meter';
  if (/\/server\/modules\/|\/server\/http\/route\.ts|\/tests\/server\/support\//.test(file)) return 'handler';
  if (/\/server\//.test(file)) return 'http'; // the app's hooks (security.ts, app.ts)
  return null;
}

/** Counts a profile's samples by part (see phaseOf); a stack nothing claims is node's HTTP work if it passes through node, else other. */
export function countPhases(profile: { nodes: Array<{ id: number; callFrame: Frame; children?: number[] }>; samples?: number[] }): PhaseCounts {
  const parent = new Map<number, number>();
  const frames = new Map<number, Frame>();
  for (const node of profile.nodes) {
    frames.set(node.id, node.callFrame);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const decided = new Map<number, Phase | 'idle'>();
  const decide = (leaf: number): Phase | 'idle' => {
    const known = decided.get(leaf);
    if (known) return known;
    if (frames.get(leaf)!.functionName === '(idle)') return 'idle';
    let phase: Phase | null = null;
    let throughNode = false;
    for (let id: number | undefined = leaf; id !== undefined && phase === null; id = parent.get(id)) {
      const frame = frames.get(id)!;
      phase = phaseOf(frame);
      throughNode ||= frame.url.startsWith('node:');
    }
    const result = phase ?? (throughNode ? 'http' : 'other');
    decided.set(leaf, result);
    return result;
  };
  const counts: Partial<Record<Phase, number>> = {};
  let idle = 0;
  for (const leaf of profile.samples ?? []) {
    const phase = decide(leaf);
    if (phase === 'idle') idle += 1;
    else counts[phase] = (counts[phase] ?? 0) + 1;
  }
  const busy = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return { busy, idle, counts };
}

if (process.env.BENCH_PHASES === '1') {
  const session = new Session();
  session.connect();
  let running = false;
  process.on('SIGUSR2', () => {
    void (async () => {
      if (!running) {
        running = true;
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
        return;
      }
      running = false;
      const { profile } = await session.post('Profiler.stop');
      console.log(`phases ${JSON.stringify(countPhases(profile))}`);
    })();
  });
}
