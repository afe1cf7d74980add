import type { EmailClass, EmailNotChecked, EmailReason } from '../../../contract/shared/email';
import { isDisposable, isFreeProvider, isRole, suggestDomain } from './lists';
import type { DnsAnswer, EmailResolver, MxRecord } from './resolver';
import { parseEmail } from './syntax';

// One address in, one honest answer out: syntax, then DNS (MX, else A/AAAA as RFC 5321 5.1's
// implicit MX; a null MX "." says the domain takes no mail, RFC 7505), then the lists (disposable,
// free provider, role), and a did-you-mean for typing mistakes. No SMTP probe is made, so whether
// the mailbox exists and whether the domain is a catch-all are never known: the answer says so in
// notChecked, and 'catch-all' is never answered.
//
// The class, first that holds: invalid (bad syntax, no such domain, no MX/A/AAAA, null MX) >
// disposable > unknown (DNS failed or timed out: not 'invalid') > role > valid.

export type EmailVerdict = {
  /** The address as given, trimmed. */
  email: string;
  /** local@domain with the domain in lower-case ASCII (punycode); null when the syntax is bad. */
  normalised: string | null;
  result: EmailClass;
  reasons: EmailReason[];
  /** Why the syntax is bad, in words; null when it is good. */
  syntaxError: string | null;
  local: string | null;
  domain: string | null;
  /** The mail servers, lowest priority first; empty when none or not looked up. */
  mx: MxRecord[];
  disposable: boolean;
  role: boolean;
  free: boolean;
  /** The address with the suggested domain, or null. */
  suggestion: string | null;
  notChecked: EmailNotChecked[];
};

export type VerifyOptions = {
  resolver: EmailResolver;
  /** The most the DNS part may take in all (ms); past it the answer is 'unknown' (dns_timeout). */
  dnsDeadlineMs?: number;
};

type DomainMail = { kind: 'mx'; mx: MxRecord[] } | { kind: 'a' } | { kind: 'null-mx' } | { kind: 'nxdomain' } | { kind: 'none' } | { kind: 'failure'; timeout: boolean };

const isNullMx = (records: MxRecord[]) => records.some((r) => r.exchange === '' || r.exchange === '.');
const failed = (answer: DnsAnswer<unknown>) => answer.kind === 'failure';
const timedOut = (answer: DnsAnswer<unknown>) => answer.kind === 'failure' && answer.code === 'ETIMEOUT';

async function domainMail(resolver: EmailResolver, domain: string): Promise<DomainMail> {
  const mx = await resolver.mx(domain);
  if (mx.kind === 'ok') {
    if (isNullMx(mx.records)) return { kind: 'null-mx' };
    return { kind: 'mx', mx: [...mx.records].sort((x, y) => x.priority - y.priority || x.exchange.localeCompare(y.exchange)) };
  }
  if (mx.kind === 'nxdomain') return { kind: 'nxdomain' };
  if (mx.kind === 'failure') return { kind: 'failure', timeout: timedOut(mx) };
  // NODATA for MX: the domain exists; an A or AAAA record receives its mail (implicit MX).
  const [a, aaaa] = await Promise.all([resolver.a(domain), resolver.aaaa(domain)]);
  if (a.kind === 'ok' || aaaa.kind === 'ok') return { kind: 'a' };
  if (failed(a) || failed(aaaa)) return { kind: 'failure', timeout: timedOut(a) || timedOut(aaaa) };
  return { kind: 'none' };
}

function withDeadline(work: Promise<DomainMail>, ms: number): Promise<DomainMail> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<DomainMail>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'failure', timeout: true }), ms);
  });
  return Promise.race([work.catch((): DomainMail => ({ kind: 'failure', timeout: false })), deadline]).finally(() => clearTimeout(timer));
}

/** Verifies one address; never throws (a resolver that throws counts as a DNS failure). */
export async function verifyEmail(input: string, options: VerifyOptions): Promise<EmailVerdict> {
  const email = typeof input === 'string' ? input.trim() : '';
  const syntax = parseEmail(email);
  if (!syntax.ok) {
    return {
      email,
      normalised: null,
      result: 'invalid',
      reasons: [syntax.reason],
      syntaxError: syntax.detail,
      local: syntax.local,
      domain: syntax.domain,
      mx: [],
      disposable: false,
      role: false,
      free: false,
      suggestion: null,
      notChecked: ['dns', 'smtp_mailbox', 'catch_all'],
    };
  }

  const { local, asciiDomain } = syntax;
  const disposable = isDisposable(asciiDomain);
  const role = isRole(local);
  const free = isFreeProvider(asciiDomain);
  const suggested = suggestDomain(asciiDomain);
  const mail = await withDeadline(domainMail(options.resolver, asciiDomain), options.dnsDeadlineMs ?? 8000);

  const reasons: EmailReason[] = [];
  let result: EmailClass;
  switch (mail.kind) {
    case 'mx':
      reasons.push('mx_found');
      break;
    case 'a':
      reasons.push('a_record_fallback');
      break;
    case 'null-mx':
      reasons.push('null_mx');
      break;
    case 'nxdomain':
      reasons.push('domain_not_found');
      break;
    case 'none':
      reasons.push('no_mx_or_a_record');
      break;
    case 'failure':
      reasons.push(mail.timeout ? 'dns_timeout' : 'dns_failure');
      break;
  }
  if (disposable) reasons.push('disposable_domain');
  if (role) reasons.push('role_account');
  if (free) reasons.push('free_provider');
  if (suggested) reasons.push('possible_typo');

  if (mail.kind === 'null-mx' || mail.kind === 'nxdomain' || mail.kind === 'none') result = 'invalid';
  else if (disposable) result = 'disposable';
  else if (mail.kind === 'failure') result = 'unknown';
  else if (role) result = 'role';
  else result = 'valid';

  return {
    email,
    normalised: syntax.address,
    result,
    reasons,
    syntaxError: null,
    local,
    domain: asciiDomain,
    mx: mail.kind === 'mx' ? mail.mx : [],
    disposable,
    role,
    free,
    suggestion: suggested ? `${local}@${suggested}` : null,
    notChecked: ['smtp_mailbox', 'catch_all'],
  };
}
