import { domainToASCII } from 'node:url';
import { emailMaxLength, emailMaxLocalLength, type EmailReason } from '../../../contract/shared/email';

// The syntax of an address: the practical subset of RFC 5321 (what an SMTP server accepts in RCPT
// TO) and RFC 5322 (the addr-spec) that mailbox providers deliver to:
//   - local part: a dot-atom (atext separated by single dots, none first or last) or a quoted
//     string; UTF-8 letters are allowed as atext (RFC 6531, SMTPUTF8); at most 64 octets;
//   - domain: a host name of LDH labels (1-63 octets, no hyphen first or last, at least two labels,
//     a top-level label that is not all digits), internationalised names through IDNA (node's URL
//     parser: punycode with UTS 46 mapping), at most 253 octets; or an address literal
//     ([192.0.2.1], [IPv6:...]), which is well formed but which no mailbox provider accepts;
//   - the whole address at most 254 octets (RFC 5321's 256-octet path less the angle brackets).
// Not accepted, like every large provider: comments and folding white space (RFC 5322 CFWS), the
// obsolete forms (obs-local-part), a trailing dot on the domain.

export type Syntax =
  | { ok: true; local: string; domain: string; asciiDomain: string; address: string }
  | { ok: false; reason: EmailReason; detail: string; local: string | null; domain: string | null };

const atext = /^[\p{L}\p{N}\p{M}!#$%&'*+/=?^_`{|}~-]+$/u;
// qtext and quoted-pair (RFC 5322 3.2.4) without the obsolete control characters.
const quoted = /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e\u0080-\u{10ffff}]|\\[\x20-\x7e])*"$/u;
const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const ipv4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const octets = (s: string) => Buffer.byteLength(s, 'utf8');

const bad = (reason: EmailReason, detail: string, local: string | null = null, domain: string | null = null): Syntax => ({ ok: false, reason, detail, local, domain });

function localProblem(local: string): string | null {
  if (local.length === 0) return 'Nothing before the @';
  if (local.startsWith('"')) return quoted.test(local) ? null : 'The quoted part before the @ is not closed or holds a character it may not';
  if (local.startsWith('.') || local.endsWith('.')) return 'The part before the @ starts or ends with a dot';
  if (local.includes('..')) return 'The part before the @ has two dots in a row';
  for (const atom of local.split('.')) {
    if (!atext.test(atom)) return 'The part before the @ holds a character it may not (spaces, commas, brackets and quotes need a quoted form)';
  }
  return null;
}

function literalProblem(domain: string): string | null {
  const inner = domain.slice(1, -1);
  if (ipv4.test(inner)) return null;
  if (/^IPv6:/i.test(inner)) {
    try {
      const host = new URL(`http://[${inner.slice(5)}]/`).hostname;
      return host ? null : 'The IPv6 address literal is not well formed';
    } catch {
      return 'The IPv6 address literal is not well formed';
    }
  }
  return 'The address literal is not an IPv4 or IPv6 address';
}

/** Checks the syntax of `input` (trimmed of outer white space first); never throws. */
export function parseEmail(input: string): Syntax {
  const text = input.normalize('NFC').trim();
  if (text.length === 0) return bad('bad_syntax', 'The address is empty');
  // Cheap refusal first: a 1,000-character string is refused before any other work.
  if (octets(text) > emailMaxLength) return bad('address_too_long', `The address is ${octets(text)} octets long; the most is ${emailMaxLength}`);
  if (/[\s\p{Cc}\p{Cf}]/u.test(text.replace(/"(?:[^"\\]|\\.)*"/gu, (q) => q.replace(/ /g, 'x')))) return bad('bad_syntax', 'The address holds a space or a control character');
  const at = text.lastIndexOf('@');
  if (at < 0) return bad('bad_syntax', 'The address has no @');
  const local = text.slice(0, at);
  const domainText = text.slice(at + 1);
  if (domainText.length === 0) return bad('bad_syntax', 'Nothing after the @', local, null);
  if (octets(local) > emailMaxLocalLength) return bad('local_part_too_long', `The part before the @ is ${octets(local)} octets long; the most is ${emailMaxLocalLength}`, local, domainText);
  const problem = localProblem(local);
  if (problem) return bad('bad_syntax', problem, local, domainText);

  if (domainText.startsWith('[') && domainText.endsWith(']')) {
    const literal = literalProblem(domainText);
    if (literal) return bad('bad_syntax', literal, local, domainText);
    return bad('address_literal', 'The domain is an IP address literal', local, domainText);
  }
  if (domainText.includes('@')) return bad('bad_syntax', 'The domain holds an @', local, domainText);
  if (domainText.endsWith('.') || domainText.startsWith('.') || domainText.includes('..')) return bad('bad_syntax', 'The domain has an empty part (a dot first, last or twice)', local, domainText);
  // IDNA: 'bücher.example' -> 'xn--bcher-kva.example'; '' when it cannot be (bad characters, bad punycode).
  const asciiDomain = domainToASCII(domainText).toLowerCase();
  if (!asciiDomain) return bad('bad_syntax', 'The domain holds a character a domain name may not', local, domainText);
  if (asciiDomain.length > 253) return bad('domain_too_long', `The domain is ${asciiDomain.length} characters long; the most is 253`, local, domainText);
  const labels = asciiDomain.split('.');
  if (labels.length < 2) return bad('bad_syntax', 'The domain needs at least two parts (such as example.com)', local, domainText);
  for (const part of labels) {
    if (part.length > 63) return bad('domain_too_long', 'A part of the domain is longer than 63 characters', local, domainText);
    if (!label.test(part)) return bad('bad_syntax', `The domain part "${part}" holds a character it may not or starts or ends with a hyphen`, local, domainText);
  }
  if (/^\d+$/.test(labels[labels.length - 1])) return bad('bad_syntax', 'The last part of the domain is all digits', local, domainText);
  const address = `${local}@${asciiDomain}`;
  if (octets(address) > emailMaxLength) return bad('address_too_long', `The address is ${octets(address)} octets long in its ASCII form; the most is ${emailMaxLength}`, local, domainText);
  return { ok: true, local, domain: domainText.toLowerCase(), asciiDomain, address };
}
