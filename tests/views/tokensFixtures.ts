import type { ResponseOf } from '../../contract/endpoint';
import type * as tokens from '../../contract/tokens/endpoints';
import { ok, type Call, type Handler, type Reply } from './support/renderPortal';

// A small token server for the tokens view tests: answers the token calls of the user server from
// a list it keeps, so a change shows when the page loads again.

export type Token = ResponseOf<typeof tokens.listTokens>[number];
export type AuditEntry = ResponseOf<typeof tokens.tokenAudit>[number];

/** Seconds at a local date and time, so dd/mm/yyyy is the same in every time zone. */
export const at = (local: string) => Math.floor(new Date(local).getTime() / 1000);

export const token = (id: number, over: Partial<Token> = {}): Token => ({
  id,
  parentId: 31,
  type: 'server',
  tag: `Token ${id}`,
  locked: false,
  ipRange: [],
  referrer: null,
  expiry: 0,
  services: ['addresslookup'],
  dailyCap: null,
  createTimestamp: at('2025-03-02T10:00'),
  updateTimestamp: at('2025-04-05T10:00'),
  creationUserId: 4,
  updateUserId: 4,
  ...over,
});

export const exportedJwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0IiwiYWNjb3VudElkIjozMX0.signature-of-the-exported-token';

export function tokenServer(initial: Token[], audit: AuditEntry[] = [], options: { refuse?: (call: Call) => Reply | undefined } = {}) {
  let list = [...initial];
  let next = 100;
  const handler: Handler = (call) => {
    const path = call.url.pathname;
    if (!path.startsWith('/api/users/tokens')) return undefined;
    const refused = options.refuse?.(call);
    if (refused) return refused;
    const id = Number(call.url.searchParams.get('id'));
    const body = call.body as Record<string, unknown>;
    const route = `${call.method} ${path.slice('/api/users/tokens'.length) || '/'}`;
    switch (route) {
      case 'GET /':
        return ok(list);
      case 'GET /audit':
        return ok(audit);
      case 'POST /password': {
        const made = token(++next, { ...(body.token as Partial<Token>) });
        list = [...list, made];
        return { status: 201, body: made };
      }
      case 'PUT /':
        list = list.map((t) => (t.id === id ? { ...t, ...(body as Partial<Token>) } : t));
        return ok(list.find((t) => t.id === id));
      case 'PUT /lock':
        list = list.map((t) => (t.id === id ? { ...t, locked: body.lock as boolean } : t));
        return ok(list.find((t) => t.id === id));
      case 'PUT /bulk': {
        const { ids, lock, ...rest } = body as { ids: number[]; lock?: boolean };
        list = list.map((t) => (ids.includes(t.id) ? { ...t, ...rest, ...(lock === undefined ? {} : { locked: lock }) } : t));
        return ok(list.filter((t) => ids.includes(t.id)));
      }
      case 'DELETE /':
        list = list.filter((t) => t.id !== id);
        return ok({ msg: 'Token deleted' });
      case 'GET /export':
        return ok({ token: exportedJwt });
      default:
        return { status: 404, body: { msg: 'Not found', statusCode: 404 } };
    }
  };
  return { handler, list: () => list };
}
