// The words and rules of API tokens shared by the SPA (the token form) and the server
// (contract/tokens/schemas.ts). IP ranges are checked as real networks by the server with ipaddr.js
// (server/modules/tokens/ranges.ts), as the contract imports zod only.
export const tokenTypes = ['server', 'browser'] as const;
export type TokenType = (typeof tokenTypes)[number];

export const tokenTypeLabels: Record<TokenType, string> = {
  server: 'Server: called from your back end, restricted by IP ranges',
  browser: 'Browser: called from your web pages, restricted by referrer',
};

export const tokenActions = ['create', 'update', 'lock', 'unlock', 'export', 'delete', 'cap'] as const;
export type TokenAction = (typeof tokenActions)[number];

export const maxTagLength = 60;
export const maxIpRanges = 20;
/** An exported API token lasts a year: recycle time and expiry 31,536,000 seconds (spec section 9). */
export const exportSeconds = 31_536_000;

const label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const hostPattern = new RegExp(`^(?:\\*\\.)?${label}(?:\\.${label})*$`);

/**
 * A referrer restriction is a host name ('shop.example.com') or a wildcard for its sub-domains
 * ('*.example.com'): no scheme, path or port, as browsers send the page's host in Referer and
 * Origin and the meter compares hosts. Lower case; null for anything else.
 */
export function normaliseReferrer(text: string): string | null {
  const value = text.trim().toLowerCase().replace(/\.$/, '');
  if (value.length === 0 || value.length > 253) return null;
  return hostPattern.test(value) ? value : null;
}
