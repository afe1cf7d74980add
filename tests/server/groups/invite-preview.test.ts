// GET /groupinvite ?jwt tells the invitation page, before any click, what the
// link offers and whether it can still be accepted; it names a group only to its invitee.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Caller } from '../support/calls';
import { dumpGroupState } from '../support/rows';
import { inviteJwt } from './fixtures';
import { createHarness, type Harness, query } from '../support/harness';
import * as G from '../../../contract/groups/endpoints';
import { call, okBody, seen } from '../support/api';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const preview = (caller: Caller | null, jwt: string) => call(h, caller, G.previewInvite, { query: { jwt } });
const accept = (caller: Caller, jwt: string) => call(h, caller, G.acceptInvite, { query: { jwt } });
const relogin = async (caller: Caller): Promise<Caller> => ({ ...caller, headers: h.bearer((await h.login(caller.email)).jwt) });
const nowSeconds = () => Math.floor(h.clock() / 1000);

/** Olive Owner's organisation, an invitee, and the token of the invitation she sent them. */
async function invited(name: string, body: Record<string, unknown> = {}) {
  const org = await h.createGroup({ name, type: 'organisation' });
  const owner = await signedIn(h, ['account'], { personalName: 'Olive Owner' });
  await h.addToGroup(org, owner.id, 'owner');
  const invitee = await signedIn(h);
  const sent = await call(h, owner, G.inviteToGroup, { query: { groupId: org, email: invitee.email }, body });
  expect(sent.status).toBe(200);
  return { org, owner, invitee, jwt: inviteJwt(await h.mail.take(invitee.email)) };
}

describe('GET /groupinvite (reading an invitation before accepting it)', () => {
  it('names the group, its type, the inviter, the level offered and the expiry, and changes nothing', async () => {
    const { org, invitee, jwt } = await invited('Preview Co');
    const sentAt = nowSeconds();
    const before = await dumpGroupState(h);
    const first = await preview(invitee, jwt);
    expect(seen(first)).toEqual({
      status: 200,
      body: {
        status: 'valid',
        groupId: org,
        groupName: 'Preview Co',
        groupType: 'organisation',
        inviter: 'Olive Owner',
        accessLevel: 'member',
        takeOwnership: false,
        // Spec section 9: invitations last 86400 seconds by default.
        expiresAt: sentAt + 86_400,
      },
    });
    expect(seen(await preview(invitee, jwt))).toEqual(seen(first));
    expect(await dumpGroupState(h)).toEqual(before);
    expect((await accept(invitee, jwt)).status).toBe(200);
  });

  it('shows an ownership handover and the level chosen by the inviter', async () => {
    const { invitee, jwt } = await invited('Handover Preview Co', { accessLevel: 'sudoowner', takeOwnership: true, expiry: 3600 });
    const { body } = await preview(invitee, jwt);
    expect(body).toMatchObject({ status: 'valid', accessLevel: 'sudoowner', takeOwnership: true, expiresAt: nowSeconds() + 3600 });
  });

  it('says "used" once the invitation has been accepted, even after it would have expired', async () => {
    const { invitee, jwt } = await invited('Used Co', { expiry: 3600 });
    expect((await accept(invitee, jwt)).status).toBe(200);
    expect((await preview(invitee, jwt)).body).toMatchObject({ status: 'used', groupName: 'Used Co', inviter: 'Olive Owner' });
    h.clock.advance(3601 * 1000);
    expect((await preview(await relogin(invitee), jwt)).body).toMatchObject({ status: 'used', groupName: 'Used Co' });
  });

  it('says "expired" once the clock has passed the expiry of an unused invitation', async () => {
    const { invitee, jwt } = await invited('Late Co', { expiry: 3600 });
    const expiresAt = nowSeconds() + 3600;
    h.clock.advance(3601 * 1000);
    const { status, body } = await preview(await relogin(invitee), jwt);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'expired', groupName: 'Late Co', inviter: 'Olive Owner', expiresAt });
  });

  it('says "member" when the invitee already holds what it offers (accepting would change nothing)', async () => {
    const { org, invitee, jwt } = await invited('Already Co');
    await h.addToGroup(org, invitee.id, 'sudoowner');
    expect((await preview(invitee, jwt)).body).toMatchObject({ status: 'member', groupName: 'Already Co', accessLevel: 'member' });
  });

  it('answers only "invalid" for a forged, altered or foreign token, or one whose group is gone', async () => {
    const { org, invitee, jwt } = await invited('Forged Co');
    const [header, payload, signature] = jwt.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const raised = Buffer.from(JSON.stringify({ ...claims, accessLevel: 'owner' })).toString('base64url');
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    const session = invitee.headers.authorization.slice(7);
    for (const forged of [`${header}.${raised}.${signature}`, `${header}.${payload}.${flipped}`, 'not-a-jwt', session]) {
      expect(seen(await preview(invitee, forged)), forged).toEqual({ status: 200, body: { status: 'invalid' } });
    }
    await query(h.db, 'delete from groups where id = $1', [org]);
    expect(seen(await preview(invitee, jwt))).toEqual({ status: 200, body: { status: 'invalid' } });
  });

  it('tells another signed-in user only the address it was sent to, never the group', async () => {
    const { invitee, jwt } = await invited('Private Co');
    const someoneElse = await signedIn(h);
    const staff = await signedIn(h, ['super']);
    for (const caller of [someoneElse, staff]) {
      expect(seen(await preview(caller, jwt))).toEqual({ status: 200, body: { status: 'otherUser', email: invitee.email } });
    }
    // Reading it did not spend it.
    expect(okBody(await preview(invitee, jwt))).toMatchObject({ status: 'valid' });
  });

  it('names no inviter whose account has gone', async () => {
    const { owner, invitee, jwt } = await invited('Orphan Co');
    await query(h.db, 'update invites set invited_by = null where invited_by = $1', [owner.id]);
    expect((await preview(invitee, jwt)).body).toMatchObject({ status: 'valid', inviter: null });
  });

  it('needs a signed-in, validated user', async () => {
    const { jwt } = await invited('Guarded Co');
    expect((await preview(null, jwt)).status).toBe(401);
    const unvalidated = await h.createUser({ validated: false });
    const { jwt: session } = await h.login(unvalidated.email);
    const caller = { id: unvalidated.id, email: unvalidated.email, headers: h.bearer(session) };
    expect((await preview(caller, jwt)).status).toBe(403);
  });
});
