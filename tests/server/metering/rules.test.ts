// The token rules of the meter as pure functions: IP ranges (IPv4, IPv6, IPv4-mapped) and referrer
// host patterns, with the edge cases a header or a stored range can bring.
import { describe, expect, it } from 'vitest';
import { hostOf, ipAllowed, referrerAllowed } from '../../../server/platform/tokenRules';

describe('IP ranges', () => {
  it('allows anywhere with no ranges, and only inside them otherwise', () => {
    expect(ipAllowed('198.51.100.1', [])).toBe(true);
    expect(ipAllowed('10.1.2.3', ['10.1.0.0/16'])).toBe(true);
    expect(ipAllowed('10.2.0.0', ['10.1.0.0/16'])).toBe(false);
    expect(ipAllowed('10.1.2.3', ['10.1.2.3/32'])).toBe(true);
    expect(ipAllowed('2001:db8::1', ['2001:db8::/32'])).toBe(true);
    expect(ipAllowed('2001:db9::1', ['2001:db8::/32'])).toBe(false);
  });

  it('reads IPv4-mapped IPv6 as IPv4, and matches an IPv4 caller against a mapped IPv6 range', () => {
    expect(ipAllowed('::ffff:10.1.2.3', ['10.1.0.0/16'])).toBe(true);
    expect(ipAllowed('::ffff:10.9.2.3', ['10.1.0.0/16'])).toBe(false);
    expect(ipAllowed('10.1.2.3', ['::ffff:10.1.0.0/112'])).toBe(true);
    expect(ipAllowed('10.1.2.3', ['2001:db8::/32'])).toBe(false);
  });

  it('refuses what is not an address, and a malformed range matches nothing', () => {
    expect(ipAllowed(null, ['10.0.0.0/8'])).toBe(false);
    expect(ipAllowed('not-an-ip', ['10.0.0.0/8'])).toBe(false);
    expect(ipAllowed('10.1.2.3', ['10.0.0.0/33', 'garbage'])).toBe(false);
    expect(ipAllowed('[2001:db8::1]', ['2001:db8::/32'])).toBe(true);
  });
});

describe('referrer patterns', () => {
  it('reads the host of an Origin or Referer, without port, case or trailing dot', () => {
    expect(hostOf('https://Shop.Example.com:8443/page?q=1')).toBe('shop.example.com');
    expect(hostOf('https://example.com./')).toBe('example.com');
    expect(hostOf('null')).toBeNull();
    expect(hostOf('not a url')).toBeNull();
    expect(hostOf(undefined)).toBeNull();
  });

  it('matches a host exactly, and *.domain at any depth and at its apex', () => {
    expect(referrerAllowed('anything.test', null)).toBe(true);
    expect(referrerAllowed(null, null)).toBe(true);
    expect(referrerAllowed('shop.example.com', 'shop.example.com')).toBe(true);
    expect(referrerAllowed('www.shop.example.com', 'shop.example.com')).toBe(false);
    expect(referrerAllowed('www.example.com', '*.example.com')).toBe(true);
    expect(referrerAllowed('a.b.example.com', '*.Example.com')).toBe(true);
    expect(referrerAllowed('example.com', '*.example.com')).toBe(true);
    expect(referrerAllowed('badexample.com', '*.example.com')).toBe(false);
    expect(referrerAllowed('example.com.evil.test', '*.example.com')).toBe(false);
    expect(referrerAllowed(null, '*.example.com')).toBe(false);
  });
});
