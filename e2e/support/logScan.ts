// The server's log of a whole e2e run must hold no secret: no password, session or service JWT,
// basic or bearer credential, card number, or any code or token the portal mailed. The global
// teardown (e2e/global-setup.ts) scans the log with this and fails the run on a find.

/** The passwords the specs type all take this form (Demo-Password-1, Correct-Horse-9). */
const password = /\b[A-Z][a-z]+-[A-Z][a-z]+-\d\b/g;
const jwt = /\beyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]*/g;
const credential = /\b(?:Basic|Bearer)\s+[\w+/=.-]{8,}/g;
/**
 * Card numbers as the test gateway takes them (Visa, Mastercard, Amex), with or without spaces or
 * hyphens, standing alone: not digits inside a longer token such as a request id's UUID.
 */
const card = /(?<![\w-])(?:(?:4\d{3}|5[1-5]\d{2})(?:[ -]?\d{4}){3}|3[47]\d{2}[ -]?\d{6}[ -]?\d{5})(?![\w-])/g;

/** The codes and link tokens in the mails the portal sent during the run. */
export function mailedSecrets(texts: string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(/[?&](?:token|code|key|t)=([\w.~%-]{8,})/g)) found.add(decodeURIComponent(match[1]));
    // One-time codes are written on a line of their own or after "code".
    for (const match of text.matchAll(/\bcode\b[^\n\d]{0,40}(\d{6,8})\b/gi)) found.add(match[1]);
  }
  return [...found];
}

/** What the log holds that it never should: each find named by its kind, with only its first characters. */
export function secretsIn(log: string, mailed: string[]): string[] {
  // Timestamps are long digit runs too: they are not card numbers.
  const text = log.replace(/"time":\d+/g, '"time":0');
  const finds: string[] = [];
  const note = (kind: string, value: string) => finds.push(`${kind}: ${value.slice(0, 6)}…`);
  for (const [kind, pattern] of [['password', password], ['JWT', jwt], ['credential', credential], ['card number', card]] as const) {
    for (const match of text.matchAll(pattern)) note(kind, match[0]);
  }
  // Each standing alone: a six-digit code is found in passing inside the log's many request ids.
  for (const secret of mailed) if (new RegExp(`(?<![\\w-])${escapeRegExp(secret)}(?![\\w-])`).test(text)) note('mailed code or token', secret);
  return finds;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
