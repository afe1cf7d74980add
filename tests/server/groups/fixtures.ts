// Shared by the groups tests: the body of a refusal for want of access, and the link of an invitation mail.
import { expect } from 'vitest';
import type { CapturedMail } from '../support/harness';

export const noAccessBody = { msg: 'You do not have access to this group', statusCode: 403 };

/** The invitation token of the mail's /portal/acceptinvite link. */
export function inviteJwt(mail: CapturedMail): string {
  const match = /https?:\/\/\S+\/portal\/acceptinvite\?jwt=([\w.-]+)/.exec(mail.text);
  if (!match) throw new Error(`No invitation link in mail: ${mail.text}`);
  expect(mail.html).toContain(`/portal/acceptinvite?jwt=${match[1]}`);
  return match[1];
}
