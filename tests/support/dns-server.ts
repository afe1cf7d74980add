import { createSocket, type RemoteInfo } from 'node:dgram';
import * as packet from 'dns-packet';

// dns-packet encodes the RCODE only as the low four bits of `flags`.
const rcodeBits: Record<string, number> = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 };

// A real DNS server for tests (and the e2e server's resolver): UDP on 127.0.0.1, an ephemeral port,
// answering from a zone held in memory with the response codes a real server gives:
//   a name in the zone: its records of the type asked (NOERROR), or none (NOERROR, empty: NODATA);
//   a name not in the zone (nor under a name marked `wildcard`): NXDOMAIN;
//   behaviour 'servfail' | 'refused': that RCODE; 'timeout': no answer at all.
// Point node's dns.promises.Resolver at it with setServers([`127.0.0.1:${port}`]).

export type ZoneEntry = {
  /** [priority, exchange]; exchange '.' or '' is a null MX (RFC 7505). */
  mx?: Array<[number, string]>;
  a?: string[];
  aaaa?: string[];
  behaviour?: 'servfail' | 'refused' | 'timeout';
  /** Any name below this one answers as this one. */
  wildcard?: boolean;
};
export type Zone = Record<string, ZoneEntry>;

export type DnsServer = {
  port: number;
  /** 127.0.0.1:port, for setServers or EMAIL_DNS_SERVERS. */
  address: string;
  /** Questions received, as 'TYPE name'. */
  queries: string[];
  zone: Zone;
  close(): Promise<void>;
};

function entryOf(zone: Zone, name: string): ZoneEntry | undefined {
  const key = name.toLowerCase().replace(/\.$/, '');
  if (zone[key]) return zone[key];
  const labels = key.split('.');
  for (let i = 1; i < labels.length; i++) {
    const parent = zone[labels.slice(i).join('.')];
    if (parent?.wildcard) return parent;
  }
  return undefined;
}

export async function startDnsServer(zone: Zone, port = 0): Promise<DnsServer> {
  const socket = createSocket('udp4');
  const queries: string[] = [];

  const reply = (query: packet.Packet, rinfo: RemoteInfo, rcode: string, answers: packet.Answer[]) => {
    const response = packet.encode({
      id: query.id,
      type: 'response',
      flags: packet.RECURSION_DESIRED | packet.RECURSION_AVAILABLE | packet.AUTHORITATIVE_ANSWER | rcodeBits[rcode],
      questions: query.questions,
      answers,
    } as packet.Packet);
    socket.send(response, rinfo.port, rinfo.address);
  };

  socket.on('message', (message, rinfo) => {
    let query: packet.Packet;
    try {
      query = packet.decode(message);
    } catch {
      return; // not DNS: a real server drops it too
    }
    const question = query.questions?.[0];
    if (!question) return reply(query, rinfo, 'FORMERR', []);
    queries.push(`${question.type} ${question.name}`);
    const entry = entryOf(zone, question.name);
    if (!entry) return reply(query, rinfo, 'NXDOMAIN', []);
    if (entry.behaviour === 'timeout') return;
    if (entry.behaviour === 'servfail') return reply(query, rinfo, 'SERVFAIL', []);
    if (entry.behaviour === 'refused') return reply(query, rinfo, 'REFUSED', []);
    const name = question.name;
    const answers: packet.Answer[] = [];
    if (question.type === 'MX') {
      for (const [preference, exchange] of entry.mx ?? []) answers.push({ type: 'MX', name, ttl: 60, data: { preference, exchange: exchange === '.' ? '' : exchange } });
    } else if (question.type === 'A') {
      for (const data of entry.a ?? []) answers.push({ type: 'A', name, ttl: 60, data });
    } else if (question.type === 'AAAA') {
      for (const data of entry.aaaa ?? []) answers.push({ type: 'AAAA', name, ttl: 60, data });
    }
    reply(query, rinfo, 'NOERROR', answers);
  });

  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => resolve());
  });
  const bound = socket.address().port;
  return {
    port: bound,
    address: `127.0.0.1:${bound}`,
    queries,
    zone,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

/** The zone the server and e2e tests share: one domain per answer the engine must tell apart. */
export const testZone: Zone = {
  'example.com': { mx: [[10, 'mx1.example.com'], [20, 'mx2.example.com']], a: ['192.0.2.1'] },
  'gmail.com': { mx: [[5, 'gmail-smtp-in.l.google.com'], [10, 'alt1.gmail-smtp-in.l.google.com']] },
  'bigpond.com': { mx: [[10, 'extmail.bigpond.com']] },
  'a-only.example': { a: ['192.0.2.10'] },
  'aaaa-only.example': { aaaa: ['2001:db8::10'] },
  'nullmx.example': { mx: [[0, '.']], a: ['192.0.2.20'] },
  'empty.example': {},
  'servfail.example': { behaviour: 'servfail' },
  'refused.example': { behaviour: 'refused' },
  'timeout.example': { behaviour: 'timeout' },
  'mailinator.com': { mx: [[10, 'mail.mailinator.com']] },
  'xn--bcher-kva.example': { mx: [[10, 'mx.xn--bcher-kva.example']] },
};
