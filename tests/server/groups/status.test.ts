// A group's corporate and charity status, and migrations between organisation and partner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupIn, ids, partnerTree } from './fixtures';
import { signedIn } from '../support/calls';
import { createHarness, type Harness } from '../support/harness';
import * as G from '../../../contract/groups/endpoints';
import { call, msgOf, okBody, seen } from '../support/api';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

describe('corporate status (spec section 5 messages)', () => {
  it('enables and disables it on organisations only, in the right order', async () => {
    const tree = await partnerTree(h, 'Corp');
    const owner = await signedIn(h);
    await h.addToGroup(tree.partner, owner.id, 'owner');
    const enable = (groupId: number) => call(h, owner, G.enableCorporate, { query: { groupId } });
    const disable = (groupId: number) => call(h, owner, G.disableCorporate, { query: { groupId } });
    const error = (msg: string) => ({ status: 400, body: { msg, statusCode: 400 } });

    expect(seen(await enable(tree.partner))).toEqual(error('Invalid group type. Only organisations can have their corporate status changed'));
    expect(seen(await disable(tree.accountA1))).toEqual(error('Invalid group type. Only organisations can have their corporate status changed'));
    expect(seen(await disable(tree.orgA))).toEqual(
      error('Invalid group subtype. Only corporate organisations can have their corporate status disabled'),
    );
    const enabled = await enable(tree.orgA);
    expect(enabled.status).toBe(200);
    expect(okBody(enabled).subtype).toBe('corporate');
    expect(seen(await enable(tree.orgA))).toEqual(
      error('Invalid group subtype. Only non corporate organisations can have their corporate status enabled'),
    );
    const disabled = await disable(tree.orgA);
    expect(okBody(disabled).subtype).toBeNull();
  });
});

describe('charity status', () => {
  it('goes from a number in verification to confirmed by staff, and can be disabled', async () => {
    const org = await h.createGroup({ name: 'Kind Hearts', type: 'organisation' });
    const owner = await signedIn(h);
    await h.addToGroup(org, owner.id, 'owner');
    const admin = await signedIn(h, ['admin']);

    const notYet = await call(h, admin, G.confirmCharity, { query: { groupId: org }, body: { charityPSLNumber: '1', isValid: true } });
    expect(seen(notYet)).toEqual({ status: 400, body: { msg: 'The charity is not in verification', statusCode: 400 } });

    const set = await call(h, owner, G.updateCharity, { query: { groupId: org }, body: { charityPSLNumber: ' 1180456 ' } });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ charityPSLNumber: '1180456', isInVerifyProcess: true, isRoyalMailDiscount: false, isOSDiscount: false, charityValid: null });

    const byOwner = await call(h, owner, G.confirmCharity, { query: { groupId: org }, body: { charityPSLNumber: '1180456', isValid: true } });
    expect(byOwner.status).toBe(403);

    const confirmed = await call(h, admin, G.confirmCharity, { query: { groupId: org }, body: {
      charityPSLNumber: '1180456', isInVerifyProcess: false, isRoyalMailDiscount: true, isOSDiscount: true, isValid: true,
    } });
    expect(confirmed.body).toMatchObject({ isInVerifyProcess: false, charityValid: true, isRoyalMailDiscount: true, isOSDiscount: true });
    const again = await call(h, admin, G.confirmCharity, { query: { groupId: org }, body: { charityPSLNumber: '1180456', isValid: false } });
    expect(msgOf(again)).toBe('The charity is not in verification');

    const disabled = await call(h, owner, G.disableCharity, { query: { groupId: org } });
    expect(disabled.body).toMatchObject({ charityPSLNumber: null, isInVerifyProcess: false, charityValid: null, isRoyalMailDiscount: false });
  });

  it('gives an invalid charity no discount', async () => {
    const org = await h.createGroup({ name: 'Dubious Trust', type: 'organisation' });
    const admin = await signedIn(h, ['super']);
    await call(h, admin, G.updateCharity, { query: { groupId: org }, body: { charityPSLNumber: '42', isOSDiscount: true } });
    const { body } = await call(h, admin, G.confirmCharity, { query: { groupId: org }, body: { charityPSLNumber: '42', isOSDiscount: true, isValid: false } });
    expect(body).toMatchObject({ charityValid: false, isOSDiscount: false });
  });

  it('is for organisations only', async () => {
    const tree = await partnerTree(h, 'CharityType');
    const admin = await signedIn(h, ['admin']);
    const answer = await call(h, admin, G.updateCharity, { query: { groupId: tree.accountA1 }, body: { charityPSLNumber: '7' } });
    expect(msgOf(answer)).toBe('Only organisations can be charities');
  });
});

describe('migrations between organisation and partner', () => {
  it('turns a root organisation into a partner of the given type, keeping its children', async () => {
    const org = await h.createGroup({ name: 'Growing Ltd', type: 'organisation' });
    const account = await h.createGroup({ name: 'Growing UK', type: 'account', parentId: org });
    const admin = await signedIn(h, ['admin']);
    const body = okBody(await call(h, admin, G.orgToPartner, { query: { groupId: org }, body: { partnerType: 'Referrer' } }));
    expect(body).toMatchObject({ type: 'partner', subtype: 'referrer', parentId: null });
    expect(ids(groupIn(await call(h, admin, G.getGroup, { query: { id: org, recurse: true } })).children)).toEqual([account]);

    const again = await call(h, admin, G.orgToPartner, { query: { groupId: org }, body: { partnerType: '' } });
    expect(msgOf(again)).toBe('Only organisations can be migrated to partners');
  });

  it('refuses an organisation that already has a partner, and detaches one with removeFromPartner', async () => {
    const tree = await partnerTree(h, 'Detach');
    const partnerOwner = await signedIn(h);
    await h.addToGroup(tree.partner, partnerOwner.id, 'owner');
    const superUser = await signedIn(h, ['super']);
    const refused = await call(h, superUser, G.orgToPartner, { query: { groupId: tree.orgA }, body: { partnerType: 'corporate' } });
    expect(msgOf(refused)).toBe('Only an organisation without a partner can become a partner');

    const notOrg = await call(h, superUser, G.removeFromPartner, { query: { groupId: tree.accountA1 } });
    expect(notOrg.status).toBe(400);
    const detached = await call(h, superUser, G.removeFromPartner, { query: { groupId: tree.orgA } });
    expect(detached.body).toMatchObject({ id: tree.orgA, parentId: null, type: 'organisation' });
    // The partner's owner held the organisation only through the partner.
    expect((await call(h, partnerOwner, G.getGroup, { query: { id: tree.orgA } })).status).toBe(403);
    expect((await call(h, superUser, G.removeFromPartner, { query: { groupId: tree.orgA } })).status).toBe(400);
  });
});
