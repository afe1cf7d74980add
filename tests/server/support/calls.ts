// Shared by the groups*.test.ts files: signed-in callers and short request helpers.
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { demoPassword, demoUsers } from '../../server/seed';
import { query, type CapturedMail, type Harness } from './harness';

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

/** Sends the request as the caller; returns status and parsed body. */
export async function call(h: Harness, caller: Caller | null, options: InjectOptions) {
  const response = await h.inject({ ...options, headers: { ...options.headers, ...caller?.headers } });
  const body = response.body ? (JSON.parse(response.body) as unknown) : undefined;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.statusCode, body: body as any };
}

export const noAccessBody = { msg: 'You do not have access to this group', statusCode: 403 };

/** Everything the group calls can change, to compare before and after. */
export async function dumpGroupState(h: Harness) {
  const q = async (sql: string) => (await query(h.db, sql)).rows;
  return {
    groups: await q('select * from groups order by id'),
    groupUsers: await q('select * from group_users order by group_id, user_id'),
    invites: await q('select * from invites order by jti'),
    userServices: await q('select group_id, user_id, service_id, token_id from user_services order by id'),
    userPermissions: await q('select * from user_permissions order by user_id, permission_id'),
    locks: await q('select id, locked from users order by id'),
  };
}

/** The invitation token of the mail's /portal/acceptinvite link. */
export function inviteJwt(mail: CapturedMail): string {
  const match = /https?:\/\/\S+\/portal\/acceptinvite\?jwt=([\w.-]+)/.exec(mail.text);
  if (!match) throw new Error(`No invitation link in mail: ${mail.text}`);
  expect(mail.html).toContain(`/portal/acceptinvite?jwt=${match[1]}`);
  return match[1];
}
