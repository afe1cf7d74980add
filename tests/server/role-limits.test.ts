// Issue 9, findings 7 to 12: role limits the server enforces (charity discounts, owners of groups,
// access levels, locks, validation, staff ranks). Every refusal is a 4xx with a message and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dumpGroupState, request, signedIn, type Caller } from './groups-fixtures';
import { createHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const put = (caller: Caller, url: string, query = {}, body?: unknown) => call(h, caller, request('PUT', url, query, body));

/** Expects the call to be refused with `status` and `msg`, leaving every record as it was. */
async function refusedUnchanged(run: () => Promise<{ status: number; body: { msg?: string } }>, status: number, msg: string | RegExp) {
  const before = await dumpGroupState(h);
  const { status: got, body } = await run();
  expect(got).toBe(status);
  if (typeof msg === 'string') expect(body.msg).toBe(msg);
  else expect(body.msg).toMatch(msg);
  expect(await dumpGroupState(h)).toEqual(before);
}

describe('charity discounts (finding 7)', () => {
  it('refuses an owner who asks for a discount, and gives discounts only through staff', async () => {
    const org = await h.createGroup({ name: 'Discount Seekers', type: 'organisation' });
    const owner = await signedIn(h);
    await h.addToGroup(org, owner.id, 'owner');
    await refusedUnchanged(() => put(owner, '/group/updatecharity', { groupId: org }, { charityPSLNumber: '77', isRoyalMailDiscount: true }),
      403, 'Only staff can grant charity discounts');
    await refusedUnchanged(() => put(owner, '/group/updatecharity', { groupId: org }, { charityPSLNumber: '77', isOSDiscount: true }),
      403, 'Only staff can grant charity discounts');
    const asked = await put(owner, '/group/updatecharity', { groupId: org }, { charityPSLNumber: '77', isInVerifyProcess: false });
    expect(asked.body).toMatchObject({ isInVerifyProcess: true, isRoyalMailDiscount: false, isOSDiscount: false, charityValid: null });
    await refusedUnchanged(() => put(owner, '/group/confirmcharity', { groupId: org }, { charityPSLNumber: '77', isValid: true }),
      403, 'Only staff can do this');
    const admin = await signedIn(h, ['admin']);
    const confirmed = await put(admin, '/group/confirmcharity', { groupId: org }, { charityPSLNumber: '77', isValid: true, isOSDiscount: true });
    expect(confirmed.body).toMatchObject({ charityValid: true, isOSDiscount: true });
  });
});
