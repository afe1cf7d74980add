import { promises as dns } from 'node:dns';

// The DNS the engine needs, behind an interface so the server uses the system's (or configured)
// name servers and the tests a real DNS server of their own on 127.0.0.1. Every answer says which
// of four things happened, because they mean different things for an address:
//   ok        records came back;
//   nodata    the name exists but has no record of that type (NOERROR with an empty answer);
//   nxdomain  the name does not exist: an address there cannot receive mail ('invalid');
//   failure   SERVFAIL, REFUSED, a timeout, no server reachable: nothing is known ('unknown').

export type MxRecord = { exchange: string; priority: number };
export type DnsAnswer<T> = { kind: 'ok'; records: T[] } | { kind: 'nodata' } | { kind: 'nxdomain' } | { kind: 'failure'; code: string };

export type EmailResolver = {
  mx(domain: string): Promise<DnsAnswer<MxRecord>>;
  a(domain: string): Promise<DnsAnswer<string>>;
  aaaa(domain: string): Promise<DnsAnswer<string>>;
};

export type NodeResolverOptions = {
  /** 'host' or 'host:port' (IPv6 as '[::1]:53'); the system's resolv.conf servers when empty. */
  servers?: string[];
  /** Milliseconds per try (c-ares doubles it on each retry). */
  timeoutMs?: number;
  tries?: number;
};

/** What a c-ares error code says: ENOTFOUND is NXDOMAIN, ENODATA an empty NOERROR; the rest are failures. */
export function answerOfError(error: unknown): DnsAnswer<never> {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === dns.NOTFOUND) return { kind: 'nxdomain' };
  if (code === dns.NODATA) return { kind: 'nodata' };
  return { kind: 'failure', code: typeof code === 'string' ? code : 'EUNKNOWN' };
}

async function ask<T>(lookup: () => Promise<T[]>): Promise<DnsAnswer<T>> {
  try {
    const records = await lookup();
    return records.length === 0 ? { kind: 'nodata' } : { kind: 'ok', records };
  } catch (error) {
    return answerOfError(error);
  }
}

/** The production resolver: node's dns.promises.Resolver with its own timeout and tries. */
export function nodeResolver(options: NodeResolverOptions = {}): EmailResolver {
  const resolver = new dns.Resolver({ timeout: options.timeoutMs ?? 2000, tries: options.tries ?? 2 });
  if (options.servers && options.servers.length > 0) resolver.setServers(options.servers);
  return {
    mx: (domain) => ask(() => resolver.resolveMx(domain)),
    a: (domain) => ask(() => resolver.resolve4(domain)),
    aaaa: (domain) => ask(() => resolver.resolve6(domain)),
  };
}
