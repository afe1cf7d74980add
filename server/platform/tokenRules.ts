import ipaddr from 'ipaddr.js';

// The rules an API token's IP ranges and referrer pattern set, as pure functions of the request's
// address and Origin/Referer header; the meter (meter.ts, meterRules.ts) applies them.

/** The address as ipaddr.js sees it, IPv4-mapped IPv6 (::ffff:10.0.0.1) as plain IPv4; null when not an address. */
function parseIp(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    return ipaddr.process(ip.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return null;
  }
}

/** Is `ip` inside one of the CIDR `ranges`? An empty list allows anywhere; a malformed range matches nothing. */
export function ipAllowed(ip: string | null | undefined, ranges: readonly string[]): boolean {
  if (ranges.length === 0) return true;
  const address = ip ? parseIp(ip) : null;
  if (!address) return false;
  return ranges.some((range) => {
    let network: [ipaddr.IPv4 | ipaddr.IPv6, number];
    try {
      network = ipaddr.parseCIDR(range.trim());
    } catch {
      return false;
    }
    const [base, bits] = network;
    if (address instanceof ipaddr.IPv4 && base instanceof ipaddr.IPv4) return address.match(base, bits);
    if (address instanceof ipaddr.IPv6 && base instanceof ipaddr.IPv6) return address.match(base, bits);
    // An IPv4 caller against an IPv6 range written for mapped addresses (::ffff:10.0.0.0/104).
    if (address instanceof ipaddr.IPv4 && base instanceof ipaddr.IPv6) return address.toIPv4MappedAddress().match(base, bits);
    return false;
  });
}

/** The host of an Origin or Referer header (lower case, no port, no trailing dot); null when none. */
export function hostOf(header: string | null | undefined): string | null {
  if (!header || header === 'null') return null;
  try {
    const host = new URL(header).hostname.toLowerCase().replace(/\.$/, '');
    return host || null;
  } catch {
    return null;
  }
}

/**
 * Does `host` match the token's referrer `pattern`? 'shop.example.com' matches that host only;
 * '*.example.com' matches every subdomain at any depth (www.example.com, a.b.example.com) and the
 * apex example.com itself, since a token has one pattern and a site is usually served from both.
 * Case and a trailing dot do not matter.
 */
export function referrerAllowed(host: string | null, pattern: string | null): boolean {
  if (pattern === null || pattern.trim() === '') return true;
  if (!host) return false;
  const p = pattern.trim().toLowerCase().replace(/\.$/, '');
  if (p.startsWith('*.')) {
    const apex = p.slice(2);
    return host === apex || host.endsWith(`.${apex}`);
  }
  return host === p;
}
