// Links in emails never come from an arbitrary Host header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness';
import * as E from '../../../contract/users/endpoints';
import { call } from '../support/api';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ env: { PORTAL_HOSTS: 'portal.example.com', DEFAULT_PUBLIC_URL: 'https://uk-portal.example.com' } });
});
afterAll(() => h?.close());

async function resetLinkFor(host: string): Promise<string> {
  const user = await h.createUser();
  const response = await call(h, null, E.requestPasswordReset, { query: { userId: user.email }, headers: { host } });
  expect(response.status).toBe(200);
  const mail = await h.mail.take(user.email, 'Your password reset code');
  return /Enter it at (\S+)/.exec(mail.text)![1];
}

describe('links in emails', () => {
  it('ignores a foreign Host header and links to the configured default', async () => {
    expect(await resetLinkFor('evil.example')).toMatch(/^https:\/\/uk-portal\.example\.com\/portal\/resetpassword\?/);
    expect(await resetLinkFor('uk-evil.example')).toMatch(/^https:\/\/uk-portal\.example\.com\//);
    expect(await resetLinkFor('portal.example.com.evil.example')).toMatch(/^https:\/\/uk-portal\.example\.com\//);
  });

  it('keeps the portal’s own hosts (with their uk- and aus- variants, and localhost)', async () => {
    expect(await resetLinkFor('aus-portal.example.com')).toMatch(/^http:\/\/aus-portal\.example\.com\/portal\//);
    expect(await resetLinkFor('portal.example.com')).toMatch(/^http:\/\/portal\.example\.com\/portal\//);
    expect(await resetLinkFor('localhost:5173')).toMatch(/^http:\/\/localhost:5173\/portal\//);
  });

  it('always uses PUBLIC_URL when it is set', async () => {
    const fixed = await createHarness({ env: { PUBLIC_URL: 'https://aus-portal.example.com.au' } });
    try {
      const user = await fixed.createUser();
      await call(fixed, null, E.requestPasswordReset, { query: { userId: user.email }, headers: { host: 'evil.example' } });
      const mail = await fixed.mail.take(user.email, 'Your password reset code');
      expect(mail.text).toContain('https://aus-portal.example.com.au/portal/resetpassword');
      expect(mail.text).not.toContain('evil.example');
    } finally {
      await fixed.close();
    }
  });
});
