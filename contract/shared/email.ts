// The words of email validation, shared by the engine (server/engines/email), the HTTP contract and
// the application page, so a class, a reason or a check not made is named the same everywhere. No zod.

/**
 * The result classes the best validators use. 'catch-all' is in the vocabulary, but only an SMTP
 * probe (RCPT TO an address that cannot exist) can tell a catch-all domain, and this service makes
 * none: it never answers 'catch-all' and always lists 'catch_all' under notChecked.
 */
export const emailClasses = ['valid', 'invalid', 'catch-all', 'unknown', 'disposable', 'role'] as const;
export type EmailClass = (typeof emailClasses)[number];

export const emailClassLabels: Record<EmailClass, string> = {
  valid: 'Valid',
  invalid: 'Invalid',
  'catch-all': 'Catch-all',
  unknown: 'Unknown',
  disposable: 'Disposable',
  role: 'Role account',
};

export const emailClassMeanings: Record<EmailClass, string> = {
  valid: 'The address is well formed and its domain accepts mail. Whether the mailbox exists was not checked.',
  invalid: 'Mail to this address cannot be delivered.',
  'catch-all': 'The domain accepts mail for any address, so this mailbox cannot be confirmed.',
  unknown: 'The domain could not be checked just now (a DNS failure or timeout): try again later.',
  disposable: 'The domain hands out throw-away addresses.',
  role: 'The address belongs to a function or a team rather than a person.',
};

export const emailReasons = [
  'bad_syntax',
  'local_part_too_long',
  'address_too_long',
  'domain_too_long',
  'address_literal',
  'domain_not_found',
  'no_mx_or_a_record',
  'null_mx',
  'mx_found',
  'a_record_fallback',
  'dns_failure',
  'dns_timeout',
  'disposable_domain',
  'role_account',
  'free_provider',
  'possible_typo',
] as const;
export type EmailReason = (typeof emailReasons)[number];

export const emailReasonTexts: Record<EmailReason, string> = {
  bad_syntax: 'The address is not well formed',
  local_part_too_long: 'The part before the @ is longer than 64 characters',
  address_too_long: 'The address is longer than 254 characters',
  domain_too_long: 'The domain is longer than 253 characters or has a part longer than 63',
  address_literal: 'The domain is an IP address: mailbox providers do not accept mail for these',
  domain_not_found: 'The domain does not exist',
  no_mx_or_a_record: 'The domain has no mail server (no MX record) and no address (no A or AAAA record)',
  null_mx: 'The domain says it accepts no mail (null MX record)',
  mx_found: 'The domain names a mail server (MX record)',
  a_record_fallback: 'The domain has no MX record but has an address, which receives its mail',
  dns_failure: 'The DNS lookup failed, so the domain could not be checked',
  dns_timeout: 'The DNS lookup timed out, so the domain could not be checked',
  disposable_domain: 'The domain is a disposable (throw-away) email provider',
  role_account: 'The part before the @ names a role or a team (such as info or admin), not a person',
  free_provider: 'The domain is a free email provider',
  possible_typo: 'The domain looks like a typing mistake',
};

/** What the service does not check, always said in the answer. */
export const emailNotChecked = ['smtp_mailbox', 'catch_all', 'dns'] as const;
export type EmailNotChecked = (typeof emailNotChecked)[number];

export const emailNotCheckedTexts: Record<EmailNotChecked, string> = {
  smtp_mailbox: 'Whether the mailbox exists: no SMTP probe is made',
  catch_all: 'Whether the domain accepts mail for any address (catch-all): only an SMTP probe could tell',
  dns: 'The domain: the address was refused before any DNS lookup',
};

/** Longest address (RFC 5321 path of 256 less the angle brackets) and local part (RFC 5321 4.5.3.1.1). */
export const emailMaxLength = 254;
export const emailMaxLocalLength = 64;
/** Longest input the HTTP service takes at all; longer is a 400 (and never a click). */
export const emailMaxInput = 512;
