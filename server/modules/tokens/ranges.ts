import ipaddr from 'ipaddr.js';
import { badRequest } from '../../errors';

// IP ranges of a token, checked as real networks with ipaddr.js. The contract cannot (it imports zod
// only), so the service checks them before anything is written.

/**
 * A CIDR network as the meter compares it: an IPv4 address in four decimal parts (no octal, hex or
 * short forms, which ipaddr.js would otherwise accept) or an IPv6 address, a prefix length in range,
 * reduced to its network address ('10.1.2.3/8' -> '10.0.0.0/8'). A bare address is the one-address
 * network (/32 or /128). Null for anything else.
 */
export function normaliseIpRange(text: string): string | null {
  const value = text.trim();
  const slash = value.indexOf('/');
  const address = slash < 0 ? value : value.slice(0, slash);
  const prefixText = slash < 0 ? null : value.slice(slash + 1);
  if (prefixText !== null && !/^\d{1,3}$/.test(prefixText)) return null;
  let kind: 'ipv4' | 'ipv6';
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) kind = 'ipv4';
  else if (address.includes(':') && ipaddr.IPv6.isValid(address) && !address.includes('%')) kind = 'ipv6';
  else return null;
  const bits = kind === 'ipv4' ? 32 : 128;
  const prefix = prefixText === null ? bits : Number(prefixText);
  if (prefix > bits) return null;
  const cidr = `${address}/${prefix}`;
  const network = kind === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(cidr) : ipaddr.IPv6.networkAddressFromCIDR(cidr);
  return `${network.toString()}/${prefix}`;
}

/** Every range normalised, duplicates dropped; 400 naming the first bad one as typed ('ipRange: "10.0.0.0/33" is not ...'). */
export function normaliseIpRanges(ranges: readonly string[]): string[] {
  const out: string[] = [];
  for (const text of ranges) {
    const range = normaliseIpRange(text);
    if (range === null) {
      throw badRequest(`ipRange: "${text.slice(0, 64)}" is not an IPv4 or IPv6 network in CIDR form (such as 203.0.113.0/24 or 2001:db8::/32)`);
    }
    if (!out.includes(range)) out.push(range);
  }
  return out;
}
