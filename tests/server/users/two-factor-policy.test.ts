// Who must have two-factor: owners require it of a group (and the groups below it), whose members
// without it are sent to enrol before anything else; staff always in production. A password reset
// leaves two-factor in place.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as G from '../../../contract/groups/endpoints';
import * as X from '../../../contract/security/endpoints';
import * as E from '../../../contract/users/endpoints';
import { call, msgOf, okBody, type Answer } from '../support/api';
import { signedIn } from '../support/calls';
import { codeIn, createHarness, fixturePassword, type Harness } from '../support/harness';
import { asCaller, enrolTotp, halfLogin, totpCode } from '../support/twoFactor';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const enrolFirst = 'Add a second factor to your account first';

/** An organisation with an account below it: its owner (signed in) and a member of the account. */
async function organisation() {
  const owner = await signedIn(h);
  const member = await h.createUser();
  const org = await h.createGroup({ name: `Org ${owner.id}`, type: 'organisation' });
  const account = await h.createGroup({ name: `Account ${owner.id}`, type: 'account', parentId: org });
  await h.addToGroup(org, owner.id, 'owner');
  await h.addToGroup(account, member.id, 'member');
  return { owner, member, org, account };
}

describe('a group\'s requirement', () => {
  it('is read and set by its owners only, counts the members without a second factor, and is recorded', async () => {
    const { owner, member, org, account } = await organisation();
    expect(okBody(await call(h, owner, X.getGroupTwoFactor, { query: { id: org } }))).toEqual({ required: false, membersWithout: 2 });
    const memberCaller = asCaller(h, await h.login(member.email), member.email);
    const refused = await call(h, memberCaller, X.setGroupTwoFactor, { query: { id: account }, body: { required: true } });
    expect([refused.status, msgOf(refused)]).toEqual([403, 'Only an owner of this group can do this']);
    const staff = await signedIn(h, ['admin']);
    expect((await call(h, staff, X.getGroupTwoFactor, { query: { id: org } })).status).toBe(403);
    expect((await call(h, owner, X.getGroupTwoFactor, { query: { id: 999999 } })).status).toBe(404);

    await enrolTotp(h, owner);
    const set = okBody(await call(h, owner, X.setGroupTwoFactor, { query: { id: org }, body: { required: true } }));
    expect(set).toEqual({ required: true, membersWithout: 1 });
    expect(okBody(await call(h, owner, X.securityEvents))[0]).toMatchObject({ kind: 'group.twoFactorRequired', detail: `Org ${owner.id}` });
    // The owner's own second factor does not count them out of the requirement.
    expect(okBody(await call(h, owner, X.getSecurity))).toMatchObject({ required: true, requiredBy: [`Org ${owner.id}`] });

    expect(okBody(await call(h, owner, X.setGroupTwoFactor, { query: { id: org }, body: { required: false } })).required).toBe(false);
    expect(okBody(await call(h, owner, X.securityEvents)).map((e) => e.kind).slice(0, 2)).toEqual(['group.twoFactorOptional', 'group.twoFactorRequired']);
  });

  it('sends a member of a group below without a second factor to enrol, and enrolment makes the session full', async () => {
    const { owner, member, org } = await organisation();
    okBody(await call(h, owner, X.setGroupTwoFactor, { query: { id: org }, body: { required: true } }));
    const enrolling = await halfLogin(h, member.email, 'enrol');
    expect(enrolling.auth.secondFactors).toBeUndefined();

    const refused = <T>(answer: Answer<T>) => [answer.status, msgOf(answer)];
    expect(refused(await call(h, enrolling, G.listGroups, { query: {} }))).toEqual([403, enrolFirst]);
    expect(refused(await call(h, enrolling, X.securityEvents))).toEqual([403, enrolFirst]);
    expect(refused(await call(h, enrolling, E.getUser, { query: { id: owner.id } }))).toEqual([403, enrolFirst]);
    expect(okBody(await call(h, enrolling, E.getUser, { query: { id: member.id } })).id).toBe(member.id);
    expect(okBody(await call(h, enrolling, X.getSecurity))).toMatchObject({ totp: false, required: true, requiredBy: [`Org ${owner.id}`] });
    expect(okBody(await call(h, enrolling, E.reauth, { query: {} })).stage).toBe('enrol');

    const { secret } = okBody(await call(h, enrolling, X.startTotp));
    const confirmed = okBody(await call(h, enrolling, X.confirmTotp, { body: { code: totpCode(h, secret) } }));
    expect(confirmed.recoveryCodes).toHaveLength(10);
    // The enrolling token stays what it was; its renewal is full.
    expect((await call(h, enrolling, G.listGroups, { query: {} })).status).toBe(403);
    const renewed = okBody(await call(h, enrolling, E.reauth, { query: {} }));
    expect(renewed.stage).toBeUndefined();
    expect((await call(h, asCaller(h, renewed, member.email), G.listGroups, { query: {} })).status).toBe(200);
    // From now on, sign-in asks for the second factor.
    expect((await h.login(member.email)).stage).toBe('secondFactor');
  });

  it('keeps a required user\'s last factor', async () => {
    const { owner, org } = await organisation();
    await enrolTotp(h, owner);
    okBody(await call(h, owner, X.setGroupTwoFactor, { query: { id: org }, body: { required: true } }));
    const refused = await call(h, owner, X.removeTotp, { body: { password: fixturePassword } });
    expect([refused.status, msgOf(refused)]).toEqual([409, `Org ${owner.id} requires two-factor sign-in: add a passkey before removing the authenticator app`]);
    expect(okBody(await call(h, owner, X.getSecurity)).totp).toBe(true);
  });
});

describe('staff', () => {
  it('must enrol in production, and need not elsewhere', async () => {
    const staff = await h.createUser({ roles: ['sales'] });
    expect((await h.login(staff.email)).stage).toBeUndefined();

    const production = await createHarness({
      env: {
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(32),
        PAYMENT_WEBHOOK_SECRET: 'y'.repeat(32),
        PUBLIC_URL: 'https://portal.example.com',
        TRUST_PROXY: '0',
      },
    });
    try {
      const inProduction = await production.createUser({ roles: ['sales'] });
      expect((await production.login(inProduction.email)).stage).toBe('enrol');
      const customer = await production.createUser();
      expect((await production.login(customer.email)).stage).toBeUndefined();
    } finally {
      await production.close();
    }
  });
});

describe('a password reset', () => {
  it('leaves two-factor in place: the next login still asks for the second factor', async () => {
    const user = await signedIn(h);
    await enrolTotp(h, user);
    okBody(await call(h, null, E.requestPasswordReset, { query: { userId: user.email } }));
    const code = codeIn(await h.mail.take(user.email, 'Your password reset code'));
    okBody(await call(h, null, E.resetPassword, { body: { userId: user.email, activationCode: code, password: 'Brand-New-Pass-2' } }));
    const after = await h.login(user.email, 'Brand-New-Pass-2');
    expect(after.stage).toBe('secondFactor');
    expect(after.secondFactors).toEqual(['totp', 'recovery']);
  });
});
