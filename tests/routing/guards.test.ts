import { describe, expect, it } from 'vitest';
import { signedOutUser } from '../../contract/shared/session';
import type { AuthUser } from '../../contract/users/entities';
import { sessionMachine } from '../../machines/session';
import { requireGuest, requireSession, requireUnvalidated, requireValidated } from '../../src/routing/guards';
import { canOpenUser } from '../../src/routing/groupRules';

const user = (over: Partial<AuthUser> = {}): AuthUser => ({
  jwt: 'jwt',
  id: 5,
  userName: 'owner@example.com',
  recycleDate: 2_000_000_000,
  roles: ['account'],
  territory: 'uk',
  validated: true,
  ...over,
});
const snapshot = (value: string, u: AuthUser) =>
  sessionMachine.resolveState({ value, context: { user: u, accountId: undefined } });

describe('session route guards', () => {
  const signedOut = snapshot('signedOut', signedOutUser);
  const validated = snapshot('authenticated', user());
  const renewing = snapshot('reauthenticating', user());
  const unvalidated = snapshot('authenticated', user({ validated: false }));

  it('sends a user with no session to /login', () => {
    expect(requireSession(signedOut)).toBe('/login');
    expect(requireValidated(signedOut)).toBe('/login');
    expect(requireUnvalidated(signedOut)).toBe('/login');
  });

  it('redirects an unvalidated user to /validate, and lets them stay there', () => {
    expect(requireValidated(unvalidated)).toBe('/validate');
    expect(requireUnvalidated(unvalidated)).toBeNull();
    expect(requireGuest(unvalidated)).toBe('/validate');
  });

  it('lets a validated user in, also while the token is being renewed', () => {
    expect(requireValidated(validated)).toBeNull();
    expect(requireValidated(renewing)).toBeNull();
    expect(requireUnvalidated(validated)).toBe('/home');
    expect(requireGuest(validated)).toBe('/home');
  });

  it('keeps the public pages for signed-out visitors', () => {
    expect(requireGuest(signedOut)).toBeNull();
  });

  it("opens a user's own page, and anyone's for staff", () => {
    expect(canOpenUser(validated, 5)).toBe(true);
    expect(canOpenUser(validated, 6)).toBe(false);
    for (const role of ['sales', 'admin', 'super'] as const) {
      expect(canOpenUser(snapshot('authenticated', user({ roles: [role] })), 6)).toBe(true);
    }
  });
});
