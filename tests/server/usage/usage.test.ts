// The four usage calls of spec section 7 over rows this file inserts, with every expected sum worked
// out by hand from those rows: monthly snapping at month edges (a leap February, a range crossing a
// year), weekly and daily buckets, per plan, per token (a deleted token keeps its tag; the portal's
// own use is "Portal"), per country, and each bad input's 400 or 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageHistoryMonths } from '../../../contract/shared/usage';
import { allTokensUsage, countryUsage, planUsage, tokenUsage } from '../../../contract/usage/endpoints';
import { call, msgOf, okBody, type Answer } from '../support/api';
import { sendRaw, signedIn, type Caller } from '../support/calls';
import { createHarness, query, type Harness } from '../support/harness';
import { insertBundle, insertDataset, insertPlan, insertSubscription, insertUsage, nowOf, plans } from '../support/catalogue';

let h: Harness;
let owner: Caller;
let accountId: number;
let otherAccountId: number;
let organisationId: number;
let lookupPlan: number;
let emailPlan: number;
let otherPlan: number;
let webShop: number;
let oldToken: number;
let unusedToken: number;
let reusedOld: number;
let reusedNew: number;

/** Seconds at UTC midnight of a yyyy-mm-dd date. */
const d = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;
/** Seconds at noon of that date: a report's dates need not be midnights. */
const noon = (date: string) => d(date) + 12 * 3600;

async function insertToken(fields: { accountId: number; tag: string; deleted?: boolean }) {
  const now = nowOf(h);
  const { rows } = await query<{ id: number }>(h.db,
    `insert into tokens (account_id, type, tag, services, created_at, updated_at, deleted_at)
     values ($1, 'server', $2, '{addresslookup,email}', $3, $3, $4) returning id`,
    [fields.accountId, fields.tag, now, fields.deleted ? now : null]);
  return rows[0].id;
}

beforeAll(async () => {
  h = await createHarness();
  owner = await signedIn(h);
  organisationId = await h.createGroup({ name: 'Usage Org', type: 'organisation' });
  accountId = await h.createGroup({ name: 'Usage UK', type: 'account', parentId: organisationId });
  otherAccountId = await h.createGroup({ name: 'Someone else', type: 'account' });
  await h.addToGroup(organisationId, owner.id, 'owner');

  lookupPlan = await insertPlan(h, { datasetId: await insertDataset(h, { service: 'addresslookup' }), name: 'Lookup plan' });
  emailPlan = await insertPlan(h, { datasetId: await insertDataset(h, { service: 'email' }), name: 'Email plan' });
  otherPlan = await insertPlan(h, { datasetId: await insertDataset(h), name: 'Not theirs' });
  await insertSubscription(h, otherAccountId, otherPlan);

  // Clicks left now (the test clock stands at 1 January 2030): the lookup plan has two running
  // bundles (1000 - 100 and 500 - 0) and one ended (its 50 left do not count); the email plan none.
  const now = nowOf(h);
  await insertBundle(h, { accountId, planId: lookupPlan, clicks: 1000, used: 100, start: now - 10 * 86_400, end: now + 10 * 86_400 });
  await insertBundle(h, { accountId, planId: lookupPlan, clicks: 500, start: now - 86_400, end: now + 86_400 });
  await insertBundle(h, { accountId, planId: lookupPlan, clicks: 60, used: 10, start: now - 90 * 86_400, end: now - 60 * 86_400 });
  await insertSubscription(h, accountId, emailPlan);

  webShop = await insertToken({ accountId, tag: 'Web shop' });
  oldToken = await insertToken({ accountId, tag: 'Old', deleted: true });
  unusedToken = await insertToken({ accountId, tag: 'Spare' });
  reusedOld = await insertToken({ accountId, tag: 'Reused', deleted: true });
  reusedNew = await insertToken({ accountId, tag: 'Reused' });
  await insertToken({ accountId: otherAccountId, tag: 'Theirs' });

  const rows: [number, string, number, number | null, string][] = [
    // plan, day, clicks, token, country
    [lookupPlan, '2027-12-31', 3, null, 'GB'],
    [lookupPlan, '2028-01-31', 5, webShop, 'GB'],
    [lookupPlan, '2028-02-01', 7, webShop, 'FR'],
    [lookupPlan, '2028-02-29', 11, oldToken, 'GB'],
    [lookupPlan, '2028-03-01', 13, null, ''],
    [emailPlan, '2028-02-29', 20, webShop, 'GB'],
    [emailPlan, '2028-02-29', 2, null, 'GB'],
    [emailPlan, '2028-03-01', 30, reusedOld, 'AU'],
    [emailPlan, '2028-03-02', 40, reusedNew, 'AU'],
    [lookupPlan, '2028-04-01', 17, webShop, 'GB'],
  ];
  for (const [planId, day, clicks, tokenId, country] of rows) await insertUsage(h, { accountId, planId, day: d(day), clicks, tokenId, country });
  await insertUsage(h, { accountId: otherAccountId, planId: otherPlan, day: d('2028-02-29'), clicks: 1000 });
}, 60_000);
afterAll(() => h?.close());

/** Bad input the contract cannot type (an unknown period, a date that is not a number, a missing date, one query sent to every call): sent raw. */
const usageRaw = (path: string, q: Record<string, string | number | undefined>) => sendRaw(h, owner, plans('GET', path, { accountId, ...q }));

describe('GET /account/plans/usage', () => {
  it('snaps a monthly range to the month start and the start of the following month (a leap February)', async () => {
    const body = okBody(await call(h, owner, planUsage, { query: { accountId, period: 'monthly', fromDate: noon('2028-02-15'), toDate: noon('2028-02-20') } }));
    expect(body.fromDate).toBe(d('2028-02-01'));
    expect(body.toDate).toBe(d('2028-03-01'));
    expect(body.periods).toEqual([d('2028-02-01')]);
    // February 2028: lookup 7 (1st) + 11 (29th); email 20 + 2 (29th). 31 January and 1 March are outside.
    expect(body.clicks).toBe(7 + 11 + 20 + 2);
    expect(body.usage).toEqual([{ period: d('2028-02-01'), clicks: 40 }]);
    const lookup = body.plans.find((p: { planId: number }) => p.planId === lookupPlan);
    const email = body.plans.find((p: { planId: number }) => p.planId === emailPlan);
    expect(lookup).toMatchObject({ plan: 'Lookup plan', service: 'addresslookup', clicks: 18, usage: [{ period: d('2028-02-01'), clicks: 18 }] });
    expect(email).toMatchObject({ plan: 'Email plan', service: 'email', clicks: 22, usage: [{ period: d('2028-02-01'), clicks: 22 }] });
  });

  it('counts a month crossing a year end in its own bucket', async () => {
    const body = okBody(await call(h, owner, planUsage, { query: { accountId, period: 'monthly', fromDate: d('2027-12-15'), toDate: d('2028-01-10') } }));
    expect(body.fromDate).toBe(d('2027-12-01'));
    expect(body.toDate).toBe(d('2028-02-01'));
    expect(body.periods).toEqual([d('2027-12-01'), d('2028-01-01')]);
    expect(body.usage).toEqual([{ period: d('2027-12-01'), clicks: 3 }, { period: d('2028-01-01'), clicks: 5 }]);
    expect(body.clicks).toBe(8);
  });

  it('takes a to date on the first of a month as that whole month', async () => {
    const body = okBody(await call(h, owner, planUsage, { query: { accountId, period: 'monthly', fromDate: d('2028-02-29'), toDate: d('2028-03-01') } }));
    expect(body.fromDate).toBe(d('2028-02-01'));
    expect(body.toDate).toBe(d('2028-04-01'));
    // February 40; March 13 + 30 + 40.
    expect(body.usage).toEqual([{ period: d('2028-02-01'), clicks: 40 }, { period: d('2028-03-01'), clicks: 83 }]);
  });

  it('sums daily and weekly buckets (weeks start on Monday)', async () => {
    const daily = okBody(await call(h, owner, planUsage, { query: { accountId, period: 'daily', fromDate: noon('2028-02-29'), toDate: noon('2028-03-01') } }));
    expect(daily.fromDate).toBe(d('2028-02-29'));
    expect(daily.toDate).toBe(d('2028-03-02'));
    expect(daily.usage).toEqual([{ period: d('2028-02-29'), clicks: 33 }, { period: d('2028-03-01'), clicks: 43 }]);
    // Week of Monday 28 February 2028: 29 Feb (33), 1 March (43), 2 March (40).
    const weekly = okBody(await call(h, owner, planUsage, { query: { accountId, period: 'weekly', fromDate: d('2028-03-01'), toDate: d('2028-03-01') } }));
    expect(weekly.fromDate).toBe(d('2028-02-28'));
    expect(weekly.toDate).toBe(d('2028-03-06'));
    expect(weekly.usage).toEqual([{ period: d('2028-02-28'), clicks: 116 }]);
  });

  it('gives every subscription its clicks left now, used or not, and one plan when asked', async () => {
    const body = okBody(await call(h, owner, planUsage, { query: { accountId, period: 'monthly', fromDate: d('2029-01-01'), toDate: d('2029-02-01') } }));
    expect(body.clicks).toBe(0);
    expect(body.usage).toEqual([]);
    expect(body.plans.map((p: { planId: number; remainClicks: number; clicks: number }) => [p.planId, p.remainClicks, p.clicks]).sort()).toEqual(
      [[lookupPlan, 900 + 500, 0], [emailPlan, 0, 0]].sort(),
    );
    const one = okBody(await call(h, owner, planUsage, { query: { accountId, planId: emailPlan, period: 'monthly', fromDate: d('2028-01-01'), toDate: d('2028-12-31') } }));
    expect(one.planId).toBe(emailPlan);
    expect(one.plans).toHaveLength(1);
    expect(one.clicks).toBe(20 + 2 + 30 + 40);
    expect(one.usage).toEqual([{ period: d('2028-02-01'), clicks: 22 }, { period: d('2028-03-01'), clicks: 70 }]);
    expect(one.periods).toHaveLength(12);
  });

  it('answers 404 for a plan of another account as for an unknown one', async () => {
    for (const planId of [otherPlan, 999_999, 99_999_999_999]) {
      const answer = await call(h, owner, planUsage, { query: { accountId, planId, fromDate: d('2028-01-01'), toDate: d('2028-02-01') } });
      expect([planId, answer.status, msgOf(answer)]).toEqual([planId, 404, 'This account has no subscription to this plan']);
    }
  });
});

describe('GET /account/tokens/allusage', () => {
  it('sums per token, keeps a deleted token under its tag, lists unused tokens and names the portal "Portal"', async () => {
    const body = okBody(await call(h, owner, allTokensUsage, { query: { accountId, period: 'monthly', fromDate: d('2028-02-01'), toDate: d('2028-03-31') } }));
    const byTag = Object.fromEntries(body.tokens.map((t: { tokenTag: string; tokenId: number | null; clicks: number; deleted: boolean }) => [t.tokenTag + (t.deleted ? ' (deleted)' : ''), [t.tokenId, t.clicks]]));
    expect(byTag).toEqual({
      'Web shop': [webShop, 7 + 20],
      'Old (deleted)': [oldToken, 11],
      Spare: [unusedToken, 0],
      'Reused (deleted)': [reusedOld, 30],
      Reused: [reusedNew, 40],
      Portal: [null, 2 + 13],
    });
    expect(body.tokens.at(-1)?.tokenTag).toBe('Portal');
    expect(body.clicks).toBe(27 + 11 + 30 + 40 + 15);
    const web = body.tokens.find((t) => t.tokenId === webShop);
    expect(web?.accountTokensUsage).toEqual([{ period: d('2028-02-01'), clicks: 27 }]);
    expect(body.usage).toEqual([{ period: d('2028-02-01'), clicks: 40 }, { period: d('2028-03-01'), clicks: 83 }]);
  });

  it('says which tokens are locked or past their expiry', async () => {
    const now = nowOf(h);
    await query(h.db, 'update tokens set locked = true where id = $1', [unusedToken]);
    await query(h.db, 'update tokens set expiry = $2 where id = $1', [reusedNew, now - 60]);
    try {
      const body = okBody(await call(h, owner, allTokensUsage, { query: { accountId, period: 'monthly', fromDate: d('2028-02-01'), toDate: d('2028-03-31') } }));
      const states = Object.fromEntries(body.tokens.map((t: { tokenId: number | null; locked: boolean; expired: boolean }) => [String(t.tokenId), [t.locked, t.expired]]));
      expect(states).toMatchObject({ [webShop]: [false, false], [unusedToken]: [true, false], [reusedNew]: [false, true], null: [false, false] });
    } finally {
      await query(h.db, 'update tokens set locked = false, expiry = 0 where id in ($1, $2)', [unusedToken, reusedNew]);
    }
  });

  it('leaves out a deleted token with no use in the range', async () => {
    const body = okBody(await call(h, owner, allTokensUsage, { query: { accountId, period: 'daily', fromDate: d('2028-01-31'), toDate: d('2028-01-31') } }));
    expect(body.tokens.map((t: { tokenTag: string }) => t.tokenTag).sort()).toEqual(['Reused', 'Spare', 'Web shop']);
    expect(body.clicks).toBe(5);
  });
});

describe('GET /account/tokens/usage', () => {
  it("sums one tag's use over time and per plan, across the tokens that had the tag, whatever its case", async () => {
    const body = okBody(await call(h, owner, tokenUsage, { query: { accountId, tokenTag: 'reUSED', period: 'daily', fromDate: d('2028-02-01'), toDate: d('2028-03-31') } }));
    expect(body.tokenTag).toBe('Reused');
    expect(body.tokenIds).toEqual([reusedOld, reusedNew]);
    expect(body.deleted).toBe(false);
    expect(body.accountTokensUsage).toEqual([{ period: d('2028-03-01'), clicks: 30 }, { period: d('2028-03-02'), clicks: 40 }]);
    expect(body.plans).toEqual([{ planId: emailPlan, plan: 'Email plan', service: 'email', datasetRef: expect.any(String), clicks: 70, usage: body.accountTokensUsage }]);
  });

  it('reports a deleted tag and the portal as "Portal"', async () => {
    const old = okBody(await call(h, owner, tokenUsage, { query: { accountId, tokenTag: 'Old', fromDate: d('2028-01-01'), toDate: d('2028-12-31') } }));
    expect(old).toMatchObject({ deleted: true, clicks: 11, tokenIds: [oldToken], period: 'monthly' });
    const portal = okBody(await call(h, owner, tokenUsage, { query: { accountId, tokenTag: 'Portal', period: 'monthly', fromDate: d('2027-12-01'), toDate: d('2028-03-31') } }));
    expect(portal).toMatchObject({ tokenIds: [], clicks: 3 + 2 + 13 });
    expect(portal.plans.map((p: { planId: number; clicks: number }) => [p.planId, p.clicks]).sort()).toEqual([[lookupPlan, 16], [emailPlan, 2]].sort());
  });

  it('answers 404 for a tag the account never had, also one another account has', async () => {
    for (const tokenTag of ['Nobody', 'Theirs']) {
      const answer = await call(h, owner, tokenUsage, { query: { accountId, tokenTag, fromDate: d('2028-01-01'), toDate: d('2028-02-01') } });
      expect([answer.status, msgOf(answer)]).toEqual([404, `This account has never had a token tagged "${tokenTag}"`]);
    }
  });
});

describe('GET /account/plans/usage/countries', () => {
  it('sums whole days per country, most clicks first, for the account or one plan', async () => {
    const body = okBody(await call(h, owner, countryUsage, { query: { accountId, fromDate: noon('2028-02-29'), toDate: noon('2028-03-02') } }));
    expect(body.fromDate).toBe(d('2028-02-29'));
    expect(body.toDate).toBe(d('2028-03-03'));
    // 29 Feb: GB 11 + 20 + 2; 1 March: '' 13, AU 30; 2 March: AU 40.
    expect(body.countries).toEqual([{ country: 'AU', clicks: 70 }, { country: 'GB', clicks: 33 }, { country: '', clicks: 13 }]);
    expect(body.clicks).toBe(116);
    const lookup = okBody(await call(h, owner, countryUsage, { query: { accountId, planId: lookupPlan, fromDate: d('2028-01-01'), toDate: d('2028-04-30') } }));
    expect(lookup.countries).toEqual([{ country: 'GB', clicks: 5 + 11 + 17 }, { country: '', clicks: 13 }, { country: 'FR', clicks: 7 }]);
    expect(lookup.planId).toBe(lookupPlan);
  });

  it('answers an empty range with no countries and no clicks', async () => {
    const body = okBody(await call(h, owner, countryUsage, { query: { accountId, fromDate: d('2029-05-01'), toDate: d('2029-05-31') } }));
    expect(body).toMatchObject({ clicks: 0, countries: [] });
  });
});

describe('bad input', () => {
  const paths = ['/account/plans/usage', '/account/tokens/allusage', '/account/plans/usage/countries'];
  type Range = { accountId: number; fromDate: number; toDate: number };
  /** The three calls that take an account and a range alone, each answer as its status and message. */
  const said = <E>(answer: Answer<E>) => ({ status: answer.status, msg: msgOf(answer) });
  const reports: Record<string, (query: Range) => Promise<ReturnType<typeof said>>> = {
    planUsage: async (query) => said(await call(h, owner, planUsage, { query })),
    allTokensUsage: async (query) => said(await call(h, owner, allTokensUsage, { query })),
    countryUsage: async (query) => said(await call(h, owner, countryUsage, { query })),
  };

  it('refuses a range that ends before it starts, on every call', async () => {
    for (const path of [...paths, '/account/tokens/usage']) {
      const { status, body } = await usageRaw(path, { tokenTag: 'Reused', fromDate: d('2028-03-02'), toDate: d('2028-03-01') });
      expect([path, status, body.msg]).toEqual([path, 400, 'toDate: The range ends before it starts: choose a to date on or after the from date']);
    }
  });

  it(`refuses a range over the ${usageHistoryMonths} months of history kept, and takes one of exactly that`, async () => {
    const over = await call(h, owner, planUsage, { query: { accountId, period: 'monthly', fromDate: d('2027-01-15'), toDate: d('2029-01-01') } });
    expect([over.status, msgOf(over)]).toEqual([400, `toDate: A range may span at most ${usageHistoryMonths} months, the usage history kept`]);
    const daily = await call(h, owner, allTokensUsage, { query: { accountId, period: 'daily', fromDate: d('2027-01-01'), toDate: d('2029-01-01') } });
    expect(daily.status).toBe(400);
    const exactly = okBody(await call(h, owner, planUsage, { query: { accountId, period: 'monthly', fromDate: d('2027-01-15'), toDate: d('2028-12-31') } }));
    expect(exactly.periods).toHaveLength(usageHistoryMonths);
  });

  it('refuses an unknown period, a date that is not a number and a missing date', async () => {
    const period = await usageRaw('/account/plans/usage', { period: 'yearly', fromDate: d('2028-01-01'), toDate: d('2028-02-01') });
    expect([period.status, period.body.msg]).toEqual([400, 'period: The period is one of daily, weekly, monthly']);
    const text = await usageRaw('/account/tokens/allusage', { fromDate: 'yesterday', toDate: d('2028-02-01') });
    expect(text.status).toBe(400);
    expect(text.body.msg).toMatch(/^fromDate: /);
    const missing = await usageRaw('/account/plans/usage', { fromDate: d('2028-01-01') });
    expect([missing.status, missing.body.msg]).toEqual([400, 'toDate: This field is required']);
  });

  it('refuses a group that is not an account with 400, and an unknown group with 404', async () => {
    for (const [name, report] of Object.entries(reports)) {
      const organisation = await report({ accountId: organisationId, fromDate: d('2028-01-01'), toDate: d('2028-02-01') });
      expect([name, organisation.status, organisation.msg]).toEqual([name, 400, 'Usage belongs to accounts: choose an account, not an organisation or partner']);
      const unknown = await report({ accountId: 99_999_999, fromDate: d('2028-01-01'), toDate: d('2028-02-01') });
      expect([name, unknown.status]).toEqual([name, 404]);
    }
  });

  it("refuses another account's usage with 403", async () => {
    for (const [name, report] of Object.entries(reports)) {
      const { status } = await report({ accountId: otherAccountId, fromDate: d('2028-01-01'), toDate: d('2028-02-01') });
      expect([name, status]).toEqual([name, 403]);
    }
  });
});
