import { createRequire } from 'node:module';
import { POPULAR_DOMAINS, run as spellCheck } from '@zootools/email-spell-checker';

// The maintained lists the engine reads, loaded once per process:
//   disposable-email-domains (index.json: 120,000+ domains; wildcard.json: domains whose every
//     subdomain is disposable too),
//   email-providers (common.json: the 355 common mailbox providers; its all.json also holds typo
//     and disposable domains, so it is not used), less disposable domains and RFC 2606's examples,
//   role-based-email-addresses (about 1,000 role local parts: info, admin, sales, postmaster...),
//   @zootools/email-spell-checker (mailcheck's algorithm, maintained) for did-you-mean, given the
//     popular domains it ships plus the UK and Australian ones below (it would offer bigpond.co for
//     bigpond.con without bigpond.com in its list).

const require = createRequire(import.meta.url);
const disposable = new Set<string>(require('disposable-email-domains') as string[]);
const disposableWildcards = new Set<string>(require('disposable-email-domains/wildcard.json') as string[]);
const roles = new Set<string>((require('role-based-email-addresses') as string[]).map((r) => r.toLowerCase()));
const reserved = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$/;
const free = new Set<string>((require('email-providers/common.json') as string[]).filter((d) => !disposable.has(d) && !reserved.test(d)));

/** Mailbox providers of the two territories the spell checker's own list lacks. */
export const extraSuggestionDomains = [
  'bigpond.com', 'bigpond.net.au', 'optusnet.com.au', 'iinet.net.au', 'internode.on.net', 'tpg.com.au', 'westnet.com.au',
  'outlook.com.au', 'hotmail.com.au', 'yahoo.com.au', 'live.com.au',
  'btinternet.com', 'sky.com', 'virginmedia.com', 'talktalk.net', 'ntlworld.com', 'blueyonder.co.uk', 'hotmail.co.uk',
  'yahoo.co.uk', 'live.co.uk', 'outlook.co.uk', 'tiscali.co.uk', 'aol.co.uk', 'googlemail.com', 'icloud.com', 'proton.me', 'protonmail.com',
];
const suggestionDomains = [...new Set([...POPULAR_DOMAINS, ...extraSuggestionDomains])];

/** The domain and every parent of it: a.b.example.com, b.example.com, example.com, com. */
function withParents(domain: string): string[] {
  const labels = domain.split('.');
  return labels.map((_, i) => labels.slice(i).join('.'));
}

export function isDisposable(domain: string): boolean {
  if (disposable.has(domain)) return true;
  return withParents(domain).some((d) => disposableWildcards.has(d));
}

export function isFreeProvider(domain: string): boolean {
  return free.has(domain);
}

/** A role local part: the whole of it, or what comes before a +tag (info+news@). */
export function isRole(local: string): boolean {
  const bare = local.toLowerCase().replace(/^"|"$/g, '');
  return roles.has(bare) || roles.has(bare.split('+')[0]);
}

/**
 * A did-you-mean domain for a likely typing mistake (gmial.com -> gmail.com, bigpond.con ->
 * bigpond.com); null when the domain is itself a known provider or nothing is close.
 */
export function suggestDomain(domain: string): string | null {
  if (free.has(domain) || suggestionDomains.includes(domain)) return null;
  const known = suggestions.get(domain);
  if (known !== undefined) return known;
  const answer = spellCheck({ email: `x@${domain}`, domains: suggestionDomains });
  const suggestion = !answer || answer.domain === domain ? null : answer.domain;
  // Lists repeat their domains: remember the last few thousand answers (oldest out first).
  if (suggestions.size >= 5000) suggestions.delete(suggestions.keys().next().value!);
  suggestions.set(domain, suggestion);
  return suggestion;
}
const suggestions = new Map<string, string | null>();
