import type { Mail } from '../../platform/mail';
import { escapeHtml } from '../../kernel/html';

function codeMail(to: string, subject: string, intro: string, code: string, link: string, validFor: string): Mail {
  const text = [intro, '', code, '', `Enter it at ${link}`, `The code is valid for ${validFor}.`, '',
    'If you did not ask for this, you can ignore this email.'].join('\n');
  const html = `<p>${escapeHtml(intro)}</p>
<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p>
<p>Enter it at <a href="${escapeHtml(link)}">${escapeHtml(link)}</a>. The code is valid for ${validFor}.</p>
<p>If you did not ask for this, you can ignore this email.</p>`;
  return { to, subject, text, html, summary: `Code ${code}, enter it at ${link}` };
}

export function validationMail(to: string, code: string, baseUrl: string): Mail {
  return codeMail(to, 'Your validation code', 'Your validation code for the Data Quality Portal is:', code,
    `${baseUrl}/portal/validate`, '24 hours');
}

export function resetMail(to: string, code: string, baseUrl: string, userName: string): Mail {
  return codeMail(to, 'Your password reset code', 'Your password reset code for the Data Quality Portal is:', code,
    `${baseUrl}/portal/resetpassword?userId=${encodeURIComponent(userName)}`, '1 hour');
}

/** Sent once when an account collects many failed logins: the owner learns of the attack. */
export function failedLoginsMail(to: string, failures: number): Mail {
  const text = [`There have been ${failures} failed attempts to sign in to your Data Quality Portal account in the last few minutes.`, '',
    'If this was you, you can ignore this email. If not, someone may be guessing your password: choose a strong password you use nowhere else.',
    'Sign-ins from other places are slowed down; you can still sign in as usual.'].join('\n');
  const html = text.split('\n').filter(Boolean).map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  return { to, subject: 'Failed sign-in attempts on your account', text, html, summary: `${failures} failed sign-in attempts` };
}

/** Sent instead of a validation code when someone signs up with an address that has an account. */
export function existingAccountMail(to: string, baseUrl: string): Mail {
  const login = `${baseUrl}/portal/login`;
  const reset = `${baseUrl}/portal/resetpassword?userId=${encodeURIComponent(to)}`;
  const text = ['Someone tried to sign up to the Data Quality Portal with this email address, which already has an account.', '',
    `If it was you, sign in at ${login}, or set a new password at ${reset}.`, '',
    'If it was not you, you can ignore this email: nothing has changed.'].join('\n');
  const html = `<p>Someone tried to sign up to the Data Quality Portal with this email address, which already has an account.</p>
<p>If it was you, <a href="${escapeHtml(login)}">sign in</a>, or <a href="${escapeHtml(reset)}">set a new password</a>.</p>
<p>If it was not you, you can ignore this email: nothing has changed.</p>`;
  return { to, subject: 'You already have an account', text, html, summary: `Sign-up attempt for an existing account, ${login}` };
}
