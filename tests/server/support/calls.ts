// Signed-in callers and the request helpers every server test shares.
import type { InjectOptions } from 'fastify';
import { randomBytes } from 'node:crypto';
import { demoPassword, demoUsers } from '../../../server/seed';
import type { Territory } from '../../../contract/shared/territory';
import type { Harness } from './harness';

export type Query = Record<string, string | number | boolean | undefined>;

const toQuery = (query: Query = {}) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));

/** A request to /api/users (or another /api path when `url` starts with /api). */
export function request(method: InjectOptions['method'], url: string, query?: Query, payload?: unknown): InjectOptions {
  return {
    method,
    url: url.startsWith('/api/') ? url : `/api/users${url}`,
    query: toQuery(query),
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  };
}

export type Caller = { id: number; email: string; headers: Record<string, string> };

/** Every demo user signed in through the real login (eight argon2 hashes, on purpose), by email. */
export async function signInDemoUsers(h: Harness): Promise<Map<string, Caller>> {
  const users = new Map<string, Caller>();
  for (const { email } of demoUsers) {
    const { jwt, id } = await h.login(email, demoPassword);
    users.set(email, { id, email, headers: h.bearer(jwt) });
  }
  return users;
}

/** A new user with the roles, logged in through GET /auth. */
export async function signedIn(h: Harness, roles: string[] = ['account'], fields: { personalName?: string } = {}): Promise<Caller> {
  const created = await h.createUser({ roles, ...fields });
  const { jwt } = await h.login(created.email);
  return { id: created.id, email: created.email, headers: h.bearer(jwt) };
}

/** Sends a hand-made request as the caller (bad input, raw bodies, wrong methods): status and parsed body, untyped. */
export async function sendRaw(h: Pick<Harness, 'inject'>, caller: Caller | null, options: InjectOptions) {
  const response = await h.inject({ ...options, headers: { ...options.headers, ...caller?.headers } });
  const body = response.body ? (JSON.parse(response.body) as unknown) : undefined;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.statusCode, body: body as any };
}

/** An owner of an account of `territory`, signed in with that account; returns their bearer headers. */
export async function signedInOwner(h: Harness, territory: Territory = 'uk') {
  const user = await h.createUser({ territory });
  const account = await h.createGroup({ name: `Account ${randomBytes(3).toString('hex')}`, type: 'account', territory });
  await h.addToGroup(account, user.id, 'owner');
  const auth = await h.login(user.email, user.password, { accId: String(account) });
  if (auth.accountId !== account) throw new Error('The session did not take the account');
  return { user, account, headers: h.bearer(auth.jwt) };
}
