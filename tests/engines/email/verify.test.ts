import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suggestDomain } from '../../../server/engines/email/lists';
import { nodeResolver, type DnsAnswer, type EmailResolver, type MxRecord } from '../../../server/engines/email/resolver';
import { verifyEmail } from '../../../server/engines/email/verify';
import { startDnsServer, testZone, type DnsServer } from '../../support/dns-server';

/** An in-memory resolver for the property tests: every domain has one MX. */
const memoryResolver: EmailResolver = {
  mx: async (): Promise<DnsAnswer<MxRecord>> => ({ kind: 'ok', records: [{ exchange: 'mx.example.net', priority: 10 }] }),
  a: async () => ({ kind: 'nodata' }),
  aaaa: async () => ({ kind: 'nodata' }),
};

describe('did-you-mean (the test cases of mailcheck and of the issue)', () => {
  it.each([
    ['gmial.com', 'gmail.com'],
    ['gmai.com', 'gmail.com'],
    ['gnail.con', 'gmail.com'],
    ['hotmial.com', 'hotmail.com'],
    ['yahooo.com', 'yahoo.com'],
    ['bigpond.con', 'bigpond.com'],
    ['bigpnd.com', 'bigpond.com'],
    ['optusnet.com.ua', 'optusnet.com.au'],
    ['btinternet.co', 'btinternet.com'],
  ])('%s -> %s', (typo, domain) => expect(suggestDomain(typo)).toBe(domain));

  it.each(['gmail.com', 'bigpond.com', 'example.com', 'gmx.de', 'web.de', 'mac.com'])('suggests nothing for %s', (domain) => expect(suggestDomain(domain)).toBeNull());
});

describe('verifyEmail over a real DNS server', () => {
  let server: DnsServer;
  let resolver: EmailResolver;
  beforeAll(async () => {
    server = await startDnsServer(testZone);
    resolver = nodeResolver({ servers: [server.address], timeoutMs: 150, tries: 1 });
  });
  afterAll(() => server.close());

  const check = (email: string) => verifyEmail(email, { resolver, dnsDeadlineMs: 3000 });

  it('a domain with MX records is valid, its servers in priority order, and the mailbox not checked', async () => {
    const verdict = await check('jane.doe@example.com');
    expect(verdict).toMatchObject({ result: 'valid', reasons: ['mx_found'], normalised: 'jane.doe@example.com', suggestion: null });
    expect(verdict.mx).toEqual([{ exchange: 'mx1.example.com', priority: 10 }, { exchange: 'mx2.example.com', priority: 20 }]);
    expect(verdict.notChecked).toEqual(['smtp_mailbox', 'catch_all']);
  });

  it('no MX but an A or AAAA record: valid through the implicit MX', async () => {
    expect(await check('x@a-only.example')).toMatchObject({ result: 'valid', reasons: ['a_record_fallback'] });
    expect(await check('x@aaaa-only.example')).toMatchObject({ result: 'valid', reasons: ['a_record_fallback'] });
  });

  it('a null MX, NXDOMAIN, and a domain with no records are invalid, each with its own reason', async () => {
    expect(await check('x@nullmx.example')).toMatchObject({ result: 'invalid', reasons: ['null_mx'] });
    expect(await check('x@nowhere.example')).toMatchObject({ result: 'invalid', reasons: ['domain_not_found'] });
    expect(await check('x@empty.example')).toMatchObject({ result: 'invalid', reasons: ['no_mx_or_a_record'] });
  });

  it('SERVFAIL, REFUSED and a timeout are unknown, never invalid', async () => {
    expect(await check('x@servfail.example')).toMatchObject({ result: 'unknown', reasons: ['dns_failure'] });
    expect(await check('x@refused.example')).toMatchObject({ result: 'unknown', reasons: ['dns_failure'] });
    expect(await check('x@timeout.example')).toMatchObject({ result: 'unknown', reasons: ['dns_timeout'] });
  });

  it('the engine deadline answers unknown when the resolver takes too long', async () => {
    const slow: EmailResolver = { ...memoryResolver, mx: () => new Promise(() => {}) };
    expect(await verifyEmail('x@example.com', { resolver: slow, dnsDeadlineMs: 50 })).toMatchObject({ result: 'unknown', reasons: ['dns_timeout'] });
  });

  it('a resolver that throws is a DNS failure', async () => {
    const broken: EmailResolver = { ...memoryResolver, mx: () => Promise.reject(new Error('boom')) };
    expect(await verifyEmail('x@example.com', { resolver: broken })).toMatchObject({ result: 'unknown', reasons: ['dns_failure'] });
  });

  it('disposable, role and free provider', async () => {
    expect(await check('someone@mailinator.com')).toMatchObject({ result: 'disposable', disposable: true, reasons: ['mx_found', 'disposable_domain'] });
    expect(await check('info@example.com')).toMatchObject({ result: 'role', role: true, reasons: ['mx_found', 'role_account'] });
    expect(await check('Postmaster+x@example.com')).toMatchObject({ result: 'role' });
    expect(await check('jane@gmail.com')).toMatchObject({ result: 'valid', free: true, reasons: ['mx_found', 'free_provider'] });
  });

  it('a typo gets a suggestion, and the DNS answer still decides the class', async () => {
    expect(await check('jane@gmial.com')).toMatchObject({ result: 'invalid', reasons: ['domain_not_found', 'possible_typo'], suggestion: 'jane@gmail.com' });
    expect(await check('fred@bigpond.con')).toMatchObject({ suggestion: 'fred@bigpond.com' });
  });

  it('an internationalised domain is looked up in punycode', async () => {
    expect(await check('info@Bücher.example')).toMatchObject({ result: 'role', normalised: 'info@xn--bcher-kva.example', reasons: ['mx_found', 'role_account'] });
    expect(server.queries).toContain('MX xn--bcher-kva.example');
  });

  it('bad syntax is invalid with no DNS lookup and says DNS was not checked', async () => {
    const before = server.queries.length;
    const verdict = await check('not an address');
    expect(verdict).toMatchObject({ result: 'invalid', reasons: ['bad_syntax'], normalised: null });
    expect(verdict.notChecked).toEqual(['dns', 'smtp_mailbox', 'catch_all']);
    expect(verdict.syntaxError).toBeTruthy();
    expect(server.queries.length).toBe(before);
  });

  it('never answers catch-all: it cannot know without an SMTP probe', async () => {
    for (const email of ['a@example.com', 'b@a-only.example', 'c@gmail.com']) {
      const verdict = await check(email);
      expect(verdict.result).not.toBe('catch-all');
      expect(verdict.notChecked).toContain('catch_all');
    }
  });
});

describe('verifyEmail properties', () => {
  it('no string crashes the engine, and every answer has a class and a reason', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 }), fc.emailAddress()), async (text) => {
        const verdict = await verifyEmail(text, { resolver: memoryResolver });
        expect(['valid', 'invalid', 'unknown', 'disposable', 'role']).toContain(verdict.result);
        expect(verdict.reasons.length).toBeGreaterThan(0);
        expect(verdict.notChecked).toContain('smtp_mailbox');
      }),
      { numRuns: 1500 },
    );
  });

  it('a 1,000-character email is refused cleanly, without DNS', async () => {
    let asked = false;
    const watching: EmailResolver = { ...memoryResolver, mx: async (d) => ((asked = true), memoryResolver.mx(d)) };
    const verdict = await verifyEmail(`${'a'.repeat(988)}@example.com`, { resolver: watching });
    expect(verdict).toMatchObject({ result: 'invalid', reasons: ['address_too_long'] });
    expect(asked).toBe(false);
  });
});
