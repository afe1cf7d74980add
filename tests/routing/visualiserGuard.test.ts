import { describe, expect, it } from 'vitest';
import { signedOutUser } from '../../contract/shared/session';
import type { AuthUser } from '../../contract/users/entities';
import type { Role } from '../../contract/shared/roles';
import { sessionMachine } from '../../machines/session';
import { canOpenVisualiser } from '../../src/routing/groupRules';

const user = (roles: Role[]): AuthUser => ({
  jwt: 'jwt',
  id: 5,
  userName: 'someone@example.com',
  recycleDate: 2_000_000_000,
  roles,
  territory: 'uk',
  validated: true,
});
const snapshot = (value: string, u: AuthUser) => sessionMachine.resolveState({ value, context: { user: u, accountId: undefined } });

describe('the visualiser guard (config.visualiser)', () => {
  const signedOut = snapshot('signedOut', signedOutUser);
  const customer = snapshot('authenticated', user(['account']));
  const staff = (['sales', 'admin', 'super'] as const).map((role) => snapshot('authenticated', user([role])));

  it("opens to anyone, signed in or not, with 'everyone'", () => {
    for (const session of [signedOut, customer, ...staff]) expect(canOpenVisualiser('everyone', session)).toBe(true);
  });

  it("opens only to signed-in staff (sales, admin, super) with 'staff'", () => {
    for (const session of staff) expect(canOpenVisualiser('staff', session)).toBe(true);
    // also while their token renews
    expect(canOpenVisualiser('staff', snapshot('reauthenticating', user(['admin'])))).toBe(true);
    expect(canOpenVisualiser('staff', customer)).toBe(false);
    expect(canOpenVisualiser('staff', signedOut)).toBe(false);
  });

  it("is not there for anyone with 'off'", () => {
    for (const session of [signedOut, customer, ...staff]) expect(canOpenVisualiser('off', session)).toBe(false);
  });
});
