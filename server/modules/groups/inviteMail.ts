import type { Mail } from '../../platform/mail';
import { escapeHtml } from '../../kernel/html';

function duration(seconds: number): string {
  if (seconds % 86_400 === 0) return seconds === 86_400 ? '24 hours' : `${seconds / 86_400} days`;
  if (seconds % 3600 === 0) return seconds === 3600 ? '1 hour' : `${seconds / 3600} hours`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** The invitation to join a group: one link to /portal/acceptinvite carrying the signed invitation. */
export function inviteMail(
  to: string,
  invite: { groupName: string; inviter: string; link: string; takeOwnership: boolean; expirySeconds: number },
): Mail {
  const what = invite.takeOwnership ? `take ownership of ${invite.groupName}` : `join ${invite.groupName}`;
  const intro = `${invite.inviter} has invited you to ${what} on the Data Quality Portal.`;
  const validFor = duration(invite.expirySeconds);
  const text = [intro, '', 'Accept the invitation at:', invite.link, '', `The link is valid for ${validFor} and can be used once.`,
    'Log in (or register) with this email address to accept it.', '', 'If you did not expect this, you can ignore this email.'].join('\n');
  const html = `<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(invite.link)}">Accept the invitation</a></p>
<p>The link is valid for ${validFor} and can be used once. Log in (or register) with this email address to accept it.</p>
<p>If you did not expect this, you can ignore this email.</p>`;
  return { to, subject: `Invitation to ${invite.groupName}`, text, html, summary: `Invitation to ${invite.groupName}: ${invite.link}` };
}
