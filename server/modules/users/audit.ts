import type { SecurityEventKind } from '../../../contract/security/entities';
import type { Db, Trx } from '../../db';
import { escapeHtml } from '../../kernel/html';
import type { Deps } from '../../kernel/deps';
import type { Mail } from '../../platform/mail';

// The audit trail of account security: every enrolment, removal, recovery-code use and
// sign-out-elsewhere writes a row (in the transaction that made the change) and, once that has
// committed, mails the user. The mail is told; a failure to send it is logged, never undoes the change.

const describe: Record<SecurityEventKind, string> = {
  'totp.enrolled': 'An authenticator app was added as a second factor',
  'totp.removed': 'The authenticator app was removed',
  'passkey.registered': 'A passkey was added',
  'passkey.removed': 'A passkey was removed',
  'recovery.generated': 'New recovery codes were made (the old ones no longer work)',
  'recovery.used': 'A recovery code was used to sign in',
  'session.ended': 'A signed-in session was signed out',
  'sessions.endedOthers': 'Every other signed-in session was signed out',
  'group.twoFactorRequired': 'Two-factor sign-in was made a requirement of a group',
  'group.twoFactorOptional': 'Two-factor sign-in is no longer required by a group',
};

export type SecurityEventInput = { userId: number; kind: SecurityEventKind; detail?: string | null; ip?: string | null; at: number };

/** Writes the audit row; call it inside the transaction of the change it records. */
export async function recordSecurityEvent(db: Db | Trx, event: SecurityEventInput): Promise<void> {
  await db
    .insertInto('security_events')
    .values({ user_id: event.userId, kind: event.kind, detail: event.detail ?? null, ip: event.ip ?? null, created_at: event.at })
    .execute();
}

/** The mail telling a user of a change to their account's security. */
export function securityEventMail(to: string, event: Pick<SecurityEventInput, 'kind' | 'detail' | 'ip'>): Mail {
  const what = describe[event.kind];
  const lines = [
    `${what}${event.detail ? `: ${event.detail}` : ''}.`,
    ...(event.ip ? [`It was done from the IP address ${event.ip}.`] : []),
    '',
    'If this was you, there is nothing to do. If not, change your password at once and review your sign-in settings in My Settings.',
  ];
  const text = lines.join('\n');
  const html = lines.filter(Boolean).map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  return { to, subject: 'A change to how you sign in', text, html, summary: what };
}

/** Mails the user after the change has committed; a failure is logged, not raised. */
export async function mailSecurityEvent(deps: Pick<Deps, 'mail' | 'log'>, to: string, event: Pick<SecurityEventInput, 'kind' | 'detail' | 'ip'>): Promise<void> {
  await deps.mail.send(securityEventMail(to, event)).catch((error: unknown) => {
    deps.log.error({ err: error, kind: event.kind }, 'security mail not sent');
  });
}
