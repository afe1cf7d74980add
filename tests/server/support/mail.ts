// A real SMTP server for the tests: it keeps every message it receives, decoded just enough to read
// the subject, the text and the HTML, and hands them out by recipient.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = { to: string[]; subject: string; text: string; html: string; raw: string };

/** A real SMTP server on an ephemeral port that keeps what it receives. */
export async function startMailCatcher() {
  const messages: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({ ...parseMime(raw), to: session.envelope.rcptTo.map((r) => r.address), raw });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The first message to `to` (and matching subject) not yet taken; waits for it to arrive. */
    async take(to: string, subject?: string, timeoutMs = 5000): Promise<CapturedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = messages.findIndex((m) => m.to.includes(to) && (!subject || m.subject === subject));
        if (index >= 0) return messages.splice(index, 1)[0];
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No mail to ${to}${subject ? ` with subject "${subject}"` : ''}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

/** The 6-digit code of a validation or reset email. */
export function codeIn(mail: CapturedMail): string {
  const match = /^\s*(\d{6})\s*$/m.exec(mail.text);
  if (!match) throw new Error(`No code in mail: ${mail.text}`);
  return match[1];
}

/** Just enough MIME for nodemailer's output: subject and the text/plain and text/html parts. */
function parseMime(raw: string): { subject: string; text: string; html: string } {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = unfold(head);
  const body = rest.join('\r\n\r\n');
  const subject = headers.get('subject') ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  const parts = boundary
    ? body.split(`--${boundary}`).slice(1, -1).map((part) => {
        const [partHead, ...partBody] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
        return { headers: unfold(partHead), body: partBody.join('\r\n\r\n') };
      })
    : [{ headers, body }];
  const decoded = (type: string) => {
    const part = parts.find((p) => (p.headers.get('content-type') ?? '').startsWith(type));
    if (!part) return '';
    const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
    if (encoding === 'base64') return Buffer.from(part.body, 'base64').toString('utf8');
    if (encoding === 'quoted-printable') {
      return Buffer.from(
        part.body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    }
    return part.body;
  };
  return { subject, text: decoded('text/plain').replace(/\r\n/g, '\n'), html: decoded('text/html') };
}

function unfold(head: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) map.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return map;
}
