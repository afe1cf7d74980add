import { isIP } from 'node:net';

// TRUST_PROXY: which X-Forwarded-* hops the server believes, read once by loadConfig and handed
// to Fastify by buildApp.

/**
 * Whom the server believes about the client's address (request.ip: the login and sign-up limits per
 * address, token IP ranges, the bot check) and about HTTPS and the host (X-Forwarded-Proto and
 * -Host: HSTS, links in mails). Each proxy appends the address it received the request from to
 * X-Forwarded-For (nginx: `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;`), so only
 * the entries the trusted proxies appended are true; everything to their left is whatever the
 * client wrote. request.ip is read from the right: the socket's peer first, then X-Forwarded-For
 * from its last entry leftwards, stopping at the first address not trusted.
 *
 * TRUST_PROXY is one of
 *  - unset, empty, 0, false, no, off: no proxy; request.ip is the socket's peer and X-Forwarded-*
 *    is ignored (the default; right when clients connect to the server directly);
 *  - a number of hops n >= 1: the n proxies nearest the server are trusted, whatever their
 *    addresses; request.ip is the n-th X-Forwarded-For entry from the right (1: the address the
 *    one load balancer appended). Only safe when the server cannot be reached except through those
 *    n proxies: a client that connects directly is believed about one address of its own choosing.
 *    (Fastify 5.12.1 turned its own number form off for that reason; this is proxy-addr's hop
 *    trust, `hop < n`, passed as a function.)
 *  - a comma-separated list of the proxies' addresses or CIDR ranges (127.0.0.1,10.0.0.0/8,
 *    2001:db8::/32), or proxy-addr's names loopback, linklocal and uniquelocal (the private
 *    ranges): a hop is trusted only when the address it came from is in the list, so a direct
 *    client is never believed. Preferred whenever the load balancers' addresses are known.
 * TRUST_PROXY=true (yes, on, all, *, 0.0.0.0/0) would trust every hop, so the leftmost
 * X-Forwarded-For entry, which the client writes, would be its address: refused at startup.
 */
export type TrustProxy = { hops: number } | { addresses: string[] } | null;

const trustProxyHelp =
  'give the number of proxies in front of the server (TRUST_PROXY=1 for one load balancer) or their addresses ' +
  '(TRUST_PROXY=127.0.0.1,10.0.0.0/8; also loopback, linklocal, uniquelocal), or leave it unset when clients connect directly';
const proxyRangeNames = ['loopback', 'linklocal', 'uniquelocal'];

export function parseTrustProxy(value: string | null): TrustProxy {
  const v = (value ?? '').trim().toLowerCase();
  if (['', 'false', 'no', 'off'].includes(v)) return null;
  if (['true', 'yes', 'on', 'all', '*'].includes(v)) {
    throw new Error(
      `TRUST_PROXY=${value} would trust every X-Forwarded-For hop: any client could write the address it is counted under ` +
        `(the per-address login and sign-up limits, token IP ranges). Instead ${trustProxyHelp}`,
    );
  }
  if (/^\d+$/.test(v)) return Number(v) === 0 ? null : { hops: Number(v) };
  if (/^[+-]?[\d.]+$/.test(v) && !isIP(v)) throw new Error(`TRUST_PROXY=${value} is not a number of proxies: ${trustProxyHelp}`);
  const addresses = v.split(',').map((a) => a.trim()).filter(Boolean);
  for (const address of addresses) {
    if (proxyRangeNames.includes(address)) continue;
    const [ip, bits, ...rest] = address.split('/');
    const family = isIP(ip);
    const prefix = bits === undefined ? null : /^\d{1,3}$/.test(bits) ? Number(bits) : isIP(bits) === 4 && family === 4 ? bits : NaN;
    if (!family || rest.length > 0 || Number.isNaN(prefix) || (typeof prefix === 'number' && prefix > (family === 4 ? 32 : 128))) {
      throw new Error(`TRUST_PROXY: '${address}' is neither an IP address, a CIDR range nor one of ${proxyRangeNames.join(', ')}: ${trustProxyHelp}`);
    }
    if (prefix === 0 || prefix === '0.0.0.0') {
      throw new Error(`TRUST_PROXY: '${address}' is every address, which trusts every X-Forwarded-For hop: ${trustProxyHelp}`);
    }
  }
  return { addresses };
}

/** Fastify's trustProxy option for the parsed TRUST_PROXY (its own number form trusts nothing since 5.12.1). */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === null) return false;
  if ('addresses' in trust) return trust.addresses;
  const { hops } = trust;
  // proxy-addr numbers the socket's peer hop 0 and the X-Forwarded-For entries 1, 2, ... from the
  // right; trusting hops 0 to n - 1 makes the n-th entry from the right the client.
  return (_address, hop) => hop < hops;
}
