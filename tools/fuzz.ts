// A fuzz of every endpoint entry of contract/*/endpoints.ts: for each, inputs made from its zod
// schemas (valid-shaped ones, and hostile mutations of them), each sent as every demo user and as
// nobody. A server error (5xx) or a request with no answer fails the run.
//
//   npx tsx tools/fuzz.ts                           the app in this process, over a throw-away PGlite
//                                                   database seeded with the demo data
//   FUZZ_URL=http://localhost:8080 npx tsx tools/fuzz.ts   a running server (npm start) with the demo data
//   FUZZ_RUNS=20 FUZZ_SEED=7 npx tsx tools/fuzz.ts  inputs per endpoint and user; the seed of the inputs
//
// Against FUZZ_URL the server's own login throttles apply (LOGIN_MAX_FAILURES_*): the fuzz sends
// only right passwords, but it signs in often; in this process the throttles are raised.
//
// Nothing is skipped. The calls that end the fuzzing users' sessions or accounts (logout, the user
// lock, deleting a user) are sent last, so they cannot starve the other endpoints of a signed-in
// user; a bearer call answered 401 signs that user in again, and a user who can no longer sign in
// (locked or deleted by the fuzz) goes on sending with the old token, which the report says.
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import qs from 'qs';
import { z } from 'zod';
import { endpointList, type EndpointEntry } from '../tests/server/support/endpointList';

export const demoUserEmails = [
  'super@example.com', 'admin@example.com', 'sales@example.com', 'owner@example.com',
  'member@example.com', 'partner@example.com', 'referrer@example.com', 'unvalidated@example.com',
] as const;
export const demoUserPassword = 'Demo-Password-1';

// ---- Where requests go ----------------------------------------------------------------------------

export type FuzzRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path and query string. */
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
};
/** status 0: no answer (the connection failed or the in-process call threw); body says why. */
export type FuzzResponse = { status: number; body: string };
export type FuzzTarget = { send(request: FuzzRequest): Promise<FuzzResponse>; close(): Promise<void> };

/** A running server at `base` (http://host:port), over fetch. */
export function urlTarget(base: string): FuzzTarget {
  const origin = base.replace(/\/+$/, '');
  return {
    async send(request) {
      try {
        const response = await fetch(`${origin}${request.url}`, {
          method: request.method,
          headers: request.headers,
          // fetch refuses a body on GET; the in-process target sends it.
          body: request.method === 'GET' || request.body === undefined ? undefined : typeof request.body === 'string' ? request.body : new Uint8Array(request.body),
          redirect: 'manual',
          signal: AbortSignal.timeout(30_000),
        });
        return { status: response.status, body: await response.text() };
      } catch (error) {
        return { status: 0, body: String(error) };
      }
    },
    close: async () => {},
  };
}

/**
 * The app in this process, as the tests build it (tests/server/support/harness.ts, with the bureau's small
 * address sample and file folder), over a fresh database seeded with the demo data and its bureau
 * file, a DNS server that knows no domain (so email checks answer at once), and login and sign-up
 * throttles too high for the fuzz's many sign-ins to reach.
 */
export async function inProcessTarget(): Promise<FuzzTarget> {
  const [{ createBureauHarness }, { startDnsServer }, { depsOf }, { seedDemo }, { seedBureauDemo }] = await Promise.all([
    import('../tests/server/bureau/fixtures'),
    import('../tests/support/dns-server'),
    import('../server/app'),
    import('../server/seed'),
    import('../server/seedBureau'),
  ]);
  const dns = await startDnsServer({});
  const many = '1000000';
  const h = await createBureauHarness({
    EMAIL_DNS_SERVERS: dns.address,
    EMAIL_DNS_TIMEOUT_MS: '200',
    EMAIL_DNS_TRIES: '1',
    LOGIN_MAX_FAILURES_ACCOUNT: many,
    LOGIN_MAX_FAILURES_IP: many,
    LOGIN_MAX_FAILURES_ACCOUNT_WIDE: many,
    LOGIN_ALERT_FAILURES: many,
    SIGNUP_MAX_PER_IP: many,
  });
  await seedDemo(h.db, Math.floor(h.clock() / 1000));
  await seedBureauDemo(depsOf(h.app));
  return {
    async send(request) {
      try {
        const response = await h.inject({ method: request.method, url: request.url, headers: request.headers, payload: request.body });
        return { status: response.statusCode, body: response.body };
      } catch (error) {
        return { status: 0, body: String(error) };
      }
    },
    async close() {
      await h.close();
      await dns.close();
    },
  };
}

// ---- Valid-shaped values from the schemas ---------------------------------------------------------

/** The JSON Schema keywords z.toJSONSchema writes for the contract's schemas. */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};

/** A key that names a row: its values are drawn from 1..50 (any tenant's rows) and from ids seen in answers. */
const isIdKey = (key: string) => /(^id$|Id$|^ids$|Ids$)/.test(key);

/** A sender's input as its schema takes it (query before coercion: numbers and booleans as values). */
export function arbitraryOf(schema: JsonSchema, key = ''): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => arbitraryOf(s, key)));
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => arbitraryOf({ ...schema, type }, key)));
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([name, s]) => [name, arbitraryOf(s, name)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
    }
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}, key.replace(/s$/, '')), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'string':
      return stringOf(schema, key);
    case 'integer':
    case 'number': {
      const integer = schema.type === 'integer';
      const step = integer ? 1 : Number.EPSILON;
      const min = Math.max(schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + step : -1e9), -Number.MAX_SAFE_INTEGER);
      const max = Math.min(schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - step : 1e9), Number.MAX_SAFE_INTEGER);
      const any = integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
      if (integer && isIdKey(key) && min <= 50 && max >= 1) return fc.oneof({ arbitrary: fc.integer({ min: Math.max(1, min), max: Math.min(50, max) }), weight: 4 }, { arbitrary: any, weight: 1 });
      return any;
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      // No type: a z.custom (an upload chunk's bytes, a download's file) or z.any.
      return fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes));
  }
}

function stringOf(schema: JsonSchema, key: string): fc.Arbitrary<string> {
  const maxLength = schema.maxLength ?? 1000;
  const fits = (arb: fc.Arbitrary<string>) => arb.filter((s) => s.length <= maxLength && s.length >= (schema.minLength ?? 0));
  if (schema.format === 'email') return fits(fc.oneof(fc.constantFrom(...demoUserEmails), fc.emailAddress()));
  if (schema.format === 'uri') return fits(fc.oneof(fc.constant('http://localhost:8080/portal/'), fc.webUrl()));
  if (schema.pattern) return fits(fc.stringMatching(new RegExp(schema.pattern)));
  const length = { minLength: schema.minLength ?? 0, maxLength: Math.min(maxLength, 40) };
  const text = fc.oneof({ arbitrary: fc.string({ ...length, unit: 'grapheme-ascii' }), weight: 3 }, { arbitrary: fc.string({ ...length, unit: 'grapheme' }), weight: 1 });
  if (isIdKey(key)) return fc.oneof(fc.integer({ min: 1, max: 50 }).map(String).filter((s) => s.length >= (schema.minLength ?? 0)), text);
  return text;
}

/** The JSON Schema of a query or body as the sender writes it; null when the call takes none. */
function jsonSchemaOf(schema: z.ZodType | undefined): JsonSchema | null {
  return schema ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : null;
}

// ---- Hostile values -------------------------------------------------------------------------------

/** mulberry32: small, seeded, and the same on every machine. */
export function rngOf(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof rngOf>;

const tenKb = 10_240;
export const hostileStrings: readonly string[] = [
  '', ' ', '\t\r\n', 'A'.repeat(tenKb), '😀ü中\u202e'.repeat(tenKb / 5), '\u0000', 'a\u0000b', '\ud800', '\uffff\ufeff',
  'Ω≈ç√∫˜µ≤≥÷', '👩‍👩‍👧‍👦', '\u202egnp.exe', 'e\u0301\u0301\u0301', 'ＡＢＣ', 'İı', "' OR '1'='1", "'; DROP TABLE users; --",
  "1' ; select pg_sleep(5); --", '" OR ""="', '\\', '%', '_', '%_\\', '=1+1', '=HYPERLINK("http://evil.example","x")',
  "+cmd|' /C calc'!A0", '@SUM(1+1)', '-2+3', '<script>alert(1)</script>', '../../../../etc/passwd', '${jndi:ldap://x}',
  '{{7*7}}', 'null', 'undefined', 'true', '[]', '{}', '0', '-1', 'NaN', 'Infinity', '-Infinity', '1e999', '0x1F', '9'.repeat(400),
  '2030-02-30', '0000-00-00', '9999-12-31T23:59:59Z', 'owner@example.com', 'OWNER@EXAMPLE.COM ', 'a@b', '@', 'x'.repeat(64) + '@example.com',
];
export const hostileNumbers: readonly number[] = [
  0, -0, -1, 1.5, -1.5, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 32, 2 ** 53, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER,
  1e308, -1e308, 5e-324, 1e21, 0.1,
];
/** Number literals JSON.parse reads as Infinity, -0 or a rounded value: written into a body as they are. */
const rawNumberLiterals = ['1e999', '-1e999', '-0', '1E400', '123456789012345678901234567890', '0.0000000000000000000000001', '1.0'];

/**
 * JSON text put into a body as it is, where a value holds the string this returns: nestings too deep
 * for JSON.stringify, and number literals it would not write.
 */
const rawTexts: string[] = [];
function raw(text: string): string {
  rawTexts.push(text);
  return `\u0001raw${rawTexts.length - 1}\u0001`;
}
const rawPattern = /"\\u0001raw(\d+)\\u0001"/g;
const jsonOf = (value: unknown) => (JSON.stringify(value) ?? 'null').replace(rawPattern, (_m, index: string) => rawTexts[Number(index)]);

/** A nesting `depth` deep: objects or arrays; as a value in a query, qs keeps five levels, so it stays shallow there. */
function deep(depth: number, arrays: boolean, part: 'query' | 'body'): unknown {
  if (part === 'query') {
    let value: unknown = 1;
    for (let i = 0; i < Math.min(depth, 8); i++) value = arrays ? [value] : { a: value };
    return value;
  }
  return raw(arrays ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
}

function wrongValue(rng: Rng, part: 'query' | 'body'): unknown {
  switch (rng.int(8)) {
    case 0: return rng.pick(hostileNumbers);
    case 1: return rng.pick(hostileStrings);
    case 2: return rng.pick([true, false]);
    case 3: return null;
    case 4: return rng.pick([[], [1, 2], ['a'], [null]]);
    case 5: return rng.pick([{}, { a: 1 }, { id: 1 }]);
    case 6: return deep(rng.pick([20, 1000]), rng.chance(0.5), part);
    default: return rng.int(50) + 1;
  }
}

type Path = Array<string | number>;

/** Every place in a value: the root, each key of each object, each element of each array. */
function pathsOf(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...path, i], out));
  else if (isPlainObject(value)) for (const [k, v] of Object.entries(value)) pathsOf(v, [...path, k], out);
  return out;
}
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);

function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)?.[k], value);
}
/** A copy of `value` with `path` set to `next` (or removed when next is `remove`). */
function setAt(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  if (next === remove && rest.length === 0) {
    if (Array.isArray(copy)) copy.splice(head as number, 1);
    else delete copy[head];
    return copy;
  }
  copy[head] = setAt(copy[head], rest, next);
  return copy;
}
const remove = Symbol('remove');

// ---- Requests -------------------------------------------------------------------------------------

/** One input of one endpoint, before it is sent as each identity. */
export type FuzzInput = {
  /** What was done to the valid-shaped input ('valid' when nothing). */
  kind: string;
  url: string;
  body?: string | Buffer;
  contentType?: string;
  /** Sent by the anonymous identity instead of no credentials. */
  forgedAuthorization?: string;
};

type Parts = { query?: unknown; body?: unknown };

const queryString = (query: unknown, rng: Rng) =>
  isPlainObject(query) ? qs.stringify(query, { arrayFormat: rng.pick(['brackets', 'brackets', 'repeat', 'indices'] as const) }) : '';

function urlOf(endpoint: EndpointEntry, query: string, rng: Rng, ids: IdPool): string {
  const path = endpoint.url.replace(/:(\w+)/g, (_m, name: string) => {
    const seen = ids.get(name) ?? ids.get('fileId') ?? [];
    const value = rng.chance(0.5) && seen.length ? String(rng.pick(seen)) : rng.chance(0.5) ? rng.pick(hostileStrings) : 'Ab3_Ab3_Ab3_Ab3_Ab3_';
    return encodeURIComponent(value) || '%20';
  });
  return query ? `${path}?${query}` : path;
}

/** The valid-shaped input as a request: the query in the URL and the body as JSON (bytes for a chunk). */
function plainInput(endpoint: EndpointEntry, parts: Parts, rng: Rng, ids: IdPool, kind = 'valid'): FuzzInput {
  const url = urlOf(endpoint, queryString(parts.query, rng), rng, ids);
  if (parts.body === undefined) return { kind, url };
  if (Buffer.isBuffer(parts.body)) return { kind, url, body: parts.body, contentType: 'application/octet-stream' };
  return { kind, url, body: jsonOf(parts.body), contentType: 'application/json' };
}

/** The kinds of hostile change, each a function of the valid-shaped input. */
const mutations: Record<string, (endpoint: EndpointEntry, parts: Parts, rng: Rng, ids: IdPool) => FuzzInput> = {
  'wrong type': (e, parts, rng, ids) => change(e, parts, rng, ids, 'wrong type', (_old, part) => wrongValue(rng, part)),
  'missing field': (e, parts, rng, ids) => change(e, parts, rng, ids, 'missing field', () => remove, true),
  'extra field': (e, parts, rng, ids) => {
    const part = partOf(parts, rng);
    const target = isPlainObject(parts[part]) ? parts[part] : {};
    const extra = rng.pick(['extra', 'id', 'userId', 'accountId', 'groupId', 'roles', 'admin', 'constructor', 'toString', 'a'.repeat(300)]);
    return plainInput(e, { ...parts, [part]: { ...target, [extra]: wrongValue(rng, part) } }, rng, ids, 'extra field');
  },
  'edge number': (e, parts, rng, ids) => change(e, parts, rng, ids, 'edge number', () => rng.pick([...hostileNumbers, 'NaN', 'Infinity', '-Infinity', '1e999', ' 1', '1 ', '0x10', '1_000', ''])),
  'other tenant id': (e, parts, rng, ids) => {
    // Every id-like field at once, each to a row of 1..50: the demo's rows of every tenant are there.
    const withIds = (value: unknown): unknown =>
      Array.isArray(value) ? value.map(withIds)
        : isPlainObject(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isIdKey(k) && !isPlainObject(v) ? (Array.isArray(v) ? [rng.int(50) + 1] : rng.int(50) + 1) : withIds(v)]))
          : value;
    return plainInput(e, { query: withIds(parts.query), body: withIds(parts.body) }, rng, ids, 'other tenant id');
  },
  'hostile string': (e, parts, rng, ids) => change(e, parts, rng, ids, 'hostile string', () => rng.pick(hostileStrings)),
  'array for scalar': (e, parts, rng, ids) => change(e, parts, rng, ids, 'array for scalar', (old) => rng.pick([[old, old], [], [[old]], [old]])),
  'deep object': (e, parts, rng, ids) => change(e, parts, rng, ids, 'deep object', (_old, part) => deep(rng.pick([6, 100, 5000]), rng.chance(0.5), part)),
  'whole body': (e, parts, rng, ids) => {
    const body = rng.pick<unknown>([null, [], [parts.body], 'text', 0, true, {}, deep(10_000, true, 'body'), deep(10_000, false, 'body')]);
    return { ...plainInput(e, { query: parts.query }, rng, ids, 'whole body'), body: jsonOf(body), contentType: 'application/json' };
  },
  'raw number': (e, parts, rng, ids) => change(e, parts, rng, ids, 'raw number', (_old, part) => (part === 'body' ? raw(rng.pick(rawNumberLiterals)) : rng.pick(rawNumberLiterals))),
  'malformed JSON': (e, parts, rng, ids) => {
    const json = jsonOf(parts.body ?? {});
    const body = rng.pick([json.slice(0, Math.max(1, json.length >> 1)), `${json},`, `\ufeff${json}`, '{', '{"a":1,}', "{'a':1}", 'nul', '', '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"admin":true}}}', `{"a":"\\ud800"}`, '{"a":"\\u0000"}', `[${'['.repeat(100)}`, json.replace(/"/g, '')]);
    return { ...plainInput(e, { query: parts.query }, rng, ids, 'malformed JSON'), body, contentType: 'application/json' };
  },
  'content type': (e, parts, rng, ids) => {
    const input = plainInput(e, parts, rng, ids, 'content type');
    const contentType = rng.pick(['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16',
      'application/octet-stream', 'application/json; charset=bogus', 'image/png', '*/*', 'application/vnd.api+json']);
    return { ...input, body: input.body ?? 'a=1', contentType };
  },
  'raw query': (e, parts, rng, ids) => {
    const raw = rng.pick(['a=%', '%E0%A4%A=1', 'a[=1', 'a]=1', '[]=1', '&&&', '=', 'a[b][c][d][e][f][g][h]=1', '__proto__[admin]=1', 'constructor[prototype][admin]=1',
      Array.from({ length: 3000 }, (_, i) => `p${i}=1`).join('&'), 'a[999999]=1', `a=${'%00'.repeat(10)}`]);
    const base = plainInput(e, parts, rng, ids, 'raw query');
    return { ...base, url: `${base.url}${base.url.includes('?') ? '&' : '?'}${raw}` };
  },
  'bad credentials': (e, parts, rng, ids) => ({
    ...plainInput(e, parts, rng, ids, 'bad credentials'),
    forgedAuthorization: rng.pick(['Bearer x', `Bearer ${'a'.repeat(tenKb)}`, 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOjF9.', 'Basic !!!', `Basic ${Buffer.from('owner@example.com:wrong').toString('base64')}`,
      `Basic ${Buffer.from(':').toString('base64')}`, 'Basic', 'Bearer', 'Digest x', `Basic ${Buffer.from('\u0000:\u0000').toString('base64')}`]),
  }),
};
export const mutationKinds = Object.keys(mutations);

function partOf(parts: Parts, rng: Rng): 'query' | 'body' {
  if (parts.query !== undefined && parts.body !== undefined) return rng.pick(['query', 'body'] as const);
  return parts.body !== undefined ? 'body' : 'query';
}

/** Replaces one place of the query or body (never the root when `keepRoot`) with what `make` gives. */
function change(e: EndpointEntry, parts: Parts, rng: Rng, ids: IdPool, kind: string, make: (old: unknown, part: 'query' | 'body') => unknown, keepRoot = false): FuzzInput {
  const part = partOf(parts, rng);
  const value = parts[part] ?? {};
  const paths = pathsOf(value).filter((p) => p.length > 0 || !keepRoot);
  const path = paths.length ? rng.pick(paths) : ['extra'];
  return plainInput(e, { ...parts, [part]: setAt(value, path, make(getAt(value, path), part)) }, rng, ids, kind);
}

/** Ids seen in answers, by key: valid-shaped inputs use them half the time, to reach past "not found". */
type IdPool = Map<string, Array<string | number>>;

function learnIds(ids: IdPool, body: string) {
  if (!body.startsWith('{') && !body.startsWith('[')) return;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return;
  }
  const walk = (value: unknown, depth: number) => {
    if (depth > 6) return;
    if (Array.isArray(value)) value.slice(0, 20).forEach((v) => walk(v, depth + 1));
    else if (isPlainObject(value)) {
      for (const [key, v] of Object.entries(value)) {
        if (isIdKey(key) && (typeof v === 'number' || (typeof v === 'string' && v.length <= 100))) {
          const known = ids.get(key) ?? [];
          if (!known.includes(v) && known.length < 50) ids.set(key, [...known, v]);
        } else walk(v, depth + 1);
      }
    }
  };
  walk(json, 0);
}

function withKnownIds(value: unknown, ids: IdPool, rng: Rng): unknown {
  if (Array.isArray(value)) return value.map((v) => withKnownIds(v, ids, rng));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => {
    const known = ids.get(k);
    if (isIdKey(k) && known?.length && typeof known[0] === typeof v && rng.chance(0.5)) return [k, rng.pick(known)];
    return [k, withKnownIds(v, ids, rng)];
  }));
}

// ---- The run --------------------------------------------------------------------------------------

type Identity = { name: string; email: string | null; jwt: string | null; lost: string | null; signIns: number };

const basicOf = (email: string) => `Basic ${Buffer.from(`${email}:${demoUserPassword}`).toString('base64')}`;

async function signIn(target: FuzzTarget, identity: Identity): Promise<void> {
  if (!identity.email) return;
  const response = await target.send({ method: 'GET', url: '/api/users/auth', headers: { authorization: basicOf(identity.email) } });
  identity.signIns++;
  if (response.status === 200) {
    identity.jwt = (JSON.parse(response.body) as { jwt: string }).jwt;
    identity.lost = null;
  } else identity.lost = `sign-in answered ${response.status}: ${response.body.slice(0, 200)}`;
}

/**
 * The order of the run: reads, then writes, then deletes, then the calls that end a fuzzing user's
 * session or account (so that every other call is made by signed-in users first).
 */
const endsSessions = new Set(['users.logout', 'users.lockUser', 'users.deleteUser']);
const phaseOf = (e: EndpointEntry) =>
  endsSessions.has(`${e.module}.${e.name}`) ? 4 : ({ GET: 0, POST: 1, PUT: 2, DELETE: 3 } as const)[e.entry.method];

export type FuzzFailure = { endpoint: string; kind: string; user: string; request: FuzzRequest; response: FuzzResponse };
export type FuzzRow = { endpoint: string; method: string; url: string; counts: Record<StatusClass, number> };
export type FuzzReport = {
  runs: number;
  seed: number;
  requests: number;
  rows: FuzzRow[];
  failures: FuzzFailure[];
  identities: Array<Pick<Identity, 'name' | 'lost' | 'signIns'>>;
  seconds: number;
};
type StatusClass = '2xx' | '3xx' | '4xx' | '5xx' | 'none';
const classOf = (status: number): StatusClass => (status === 0 ? 'none' : (`${Math.floor(status / 100)}xx` as StatusClass));

export type FuzzOptions = {
  /** Inputs per endpoint. */
  runs: number;
  seed: number;
  /** Each input sent as every identity (true), or as one identity in turn (a shorter run). */
  everyIdentity?: boolean;
  /** Only these endpoints (module.name); all when unset. */
  only?: (endpoint: EndpointEntry) => boolean;
  progress?: (line: string) => void;
};

/** The share of valid-shaped inputs: the rest are hostile. */
const validShare = 0.3;

const fnv = (text: string) => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
};

export async function runFuzz(target: FuzzTarget, options: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  const identities: Identity[] = [
    ...demoUserEmails.map((email) => ({ name: email, email, jwt: null, lost: null, signIns: 0 })),
    { name: 'nobody', email: null, jwt: null, lost: null, signIns: 0 },
  ];
  for (const identity of identities) await signIn(target, identity);
  const endpoints = endpointList.filter(options.only ?? (() => true)).sort((a, b) => phaseOf(a) - phaseOf(b));
  const ids: IdPool = new Map();
  const rows: FuzzRow[] = [];
  const failures: FuzzFailure[] = [];
  let requests = 0;
  let turn = 0;

  for (const endpoint of endpoints) {
    const name = `${endpoint.module}.${endpoint.name}`;
    const seed = (options.seed ^ fnv(name)) >>> 0;
    const rng = rngOf(seed);
    const query = jsonSchemaOf(endpoint.shape?.query);
    const body = jsonSchemaOf(endpoint.shape?.body);
    const arbitrary = fc.record({ query: query ? arbitraryOf(query) : fc.constant(undefined), body: body ? arbitraryOf(body) : fc.constant(undefined) });
    const samples = fc.sample(arbitrary, { seed, numRuns: options.runs });
    const row: FuzzRow = { endpoint: name, method: endpoint.entry.method, url: endpoint.url, counts: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, none: 0 } };
    rows.push(row);

    for (const sample of samples) {
      rawTexts.length = 0;
      const parts = withKnownIds(sample, ids, rng) as Parts;
      const input = rng.chance(validShare) ? plainInput(endpoint, parts, rng, ids) : mutations[rng.pick(mutationKinds)](endpoint, parts, rng, ids);
      const senders = options.everyIdentity === false ? [identities[turn++ % identities.length]] : identities;
      for (const identity of senders) {
        let request = requestOf(endpoint, input, identity);
        let response = await target.send(request);
        // A session ended by an earlier call (logout, a lock, a new password): sign in and send again.
        if (response.status === 401 && endpoint.entry.auth === 'bearer' && identity.email && !identity.lost) {
          await signIn(target, identity);
          if (!identity.lost) {
            request = requestOf(endpoint, input, identity);
            response = await target.send(request);
          }
        }
        requests++;
        row.counts[classOf(response.status)]++;
        if (response.status >= 500 || response.status === 0) failures.push({ endpoint: name, kind: input.kind, user: identity.name, request, response });
        else if (response.status < 300) learnIds(ids, response.body);
        if (requests % 1000 === 0) options.progress?.(`${requests} requests, ${failures.length} failures (${name})`);
      }
    }
  }
  return {
    runs: options.runs,
    seed: options.seed,
    requests,
    rows,
    failures,
    identities: identities.map(({ name, lost, signIns }) => ({ name, lost, signIns })),
    seconds: (performance.now() - started) / 1000,
  };
}

function requestOf(endpoint: EndpointEntry, input: FuzzInput, identity: Identity): FuzzRequest {
  const headers: Record<string, string> = {};
  if (input.contentType) headers['content-type'] = input.contentType;
  if (identity.email) {
    const authorization = endpoint.entry.auth === 'basic' ? basicOf(identity.email) : identity.jwt ? `Bearer ${identity.jwt}` : null;
    if (authorization) headers.authorization = authorization;
  } else if (input.forgedAuthorization) headers.authorization = input.forgedAuthorization;
  return { method: endpoint.entry.method, url: input.url, headers, body: input.body };
}

// ---- The report -----------------------------------------------------------------------------------

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

export function formatReport(report: FuzzReport): string {
  const classes: StatusClass[] = ['2xx', '3xx', '4xx', '5xx', 'none'];
  const header = ['endpoint', 'method', 'url', 'requests', ...classes];
  const total = { endpoint: 'total', method: '', url: '', counts: Object.fromEntries(classes.map((c) => [c, report.rows.reduce((n, r) => n + r.counts[c], 0)])) as FuzzRow['counts'] };
  const lines = [...report.rows, total].map((r) => [r.endpoint, r.method, r.url, String(classes.reduce((n, c) => n + r.counts[c], 0)), ...classes.map((c) => String(r.counts[c]))]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) => cells.map((cell, i) => (i >= 3 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ').trimEnd();
  const out = [format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.slice(0, -1).map(format), widths.map((w) => '-'.repeat(w)).join('  '), format(lines[lines.length - 1])];
  out.push('', `${report.requests} requests in ${report.seconds.toFixed(1)} s: ${report.rows.length} endpoints, ${report.runs} inputs each, seed ${report.seed}`);
  for (const identity of report.identities) {
    if (identity.lost) out.push(`  ${identity.name}: could not sign in again (${identity.lost}); sent with its last token`);
  }
  const resignIns = report.identities.reduce((n, i) => n + Math.max(0, i.signIns - 1), 0);
  if (resignIns) out.push(`  sessions renewed after a 401: ${resignIns}`);
  if (report.failures.length === 0) out.push('No 5xx and no request without an answer.');
  else {
    out.push('', `${report.failures.length} requests answered 5xx or not at all:`);
    for (const f of report.failures) {
      const body = f.request.body === undefined ? '' : Buffer.isBuffer(f.request.body) ? `<${f.request.body.length} bytes>` : clip(f.request.body, 400);
      out.push(
        `- ${f.endpoint} (${f.kind}) as ${f.user}: ${f.request.method} ${clip(f.request.url, 400)}`,
        `  content-type: ${f.request.headers['content-type'] ?? '(none)'}${body ? `  body: ${body}` : ''}`,
        `  answer ${f.response.status}: ${clip(f.response.body, 400)}`,
      );
    }
  }
  return out.join('\n');
}

/** About 15,000 requests over every endpoint, each input sent as every identity. */
export const defaultRuns = (identities = demoUserEmails.length + 1) => Math.max(1, Math.round(15_000 / (endpointList.length * identities)));

async function main() {
  const runs = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : defaultRuns();
  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('FUZZ_RUNS must be a whole number of at least 1');
  if (!Number.isInteger(seed)) throw new Error('FUZZ_SEED must be a whole number');
  const began = performance.now();
  const target = process.env.FUZZ_URL ? urlTarget(process.env.FUZZ_URL) : await inProcessTarget();
  console.error(`Target ready in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  console.error(`Fuzzing ${endpointList.length} endpoints, ${runs} inputs each, as ${demoUserEmails.length} users and nobody; FUZZ_SEED=${seed}`);
  try {
    const report = await runFuzz(target, { runs, seed, progress: (line) => console.error(line) });
    console.log(formatReport(report));
    process.exitCode = report.failures.length ? 1 : 0;
  } finally {
    await target.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
