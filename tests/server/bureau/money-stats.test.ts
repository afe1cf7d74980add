// GET /stats/summary: per reference file, the files whose results fall in the range, all of them
// and those paid for, with their records, coding, dedupe and suppression counts and their cost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Bureau from '../../../contract/bureau/endpoints';
import * as ShopCalls from '../../../contract/shop/endpoints';
import type { FileResults } from '../../../contract/bureau/entities';
import { call, okBody } from '../support/api';
import { signedIn } from '../support/calls';
import { createHarness, query, type Harness } from '../support/harness';
import { day, nowOf } from '../support/catalogue';
import { payOnPage } from '../support/shop';
import { bureauWorld, checkoutUrlOf, insertFile, pay, resultsOf, type World } from './money-fixtures';

let h: Harness;
let w: World;

beforeAll(async () => {
  h = await createHarness();
  w = await bureauWorld(h);
}, 60_000);
afterAll(() => h?.close());

type Block = { files: number; cost: number; inputRecords: number; outputRecords: number; matching: Record<string, number>; deduplication: Record<string, number>; suppression: { type: string; removed: number; flagged: number }[] };
const summary = (accId: number, dateFrom: number, dateTo: number, caller = w.owner) => call(h, caller, Bureau.statsSummary, { query: { accId, dateFrom, dateTo } });
const costOf = async (fileId: number) => okBody(await call(h, w.owner, Bureau.getResultCosts, { query: { fileId } })).net;

describe('GET /stats/summary', () => {
  it('sums the files in the range per reference file, and the paid ones apart', async () => {
    const start = nowOf(h);
    const a: FileResults = resultsOf({ records: 3000, matched: 2000, updated: 500, child: 40, parent: 30, removed: 9, flagged: 4 });
    const b: FileResults = resultsOf({ records: 1200, matched: 1000, updated: 100, child: 5, parent: 5, removed: 1, flagged: 2 });
    const paidId = await insertFile(h, { accountId: w.ukAccount, userId: w.owner.id, results: a, dedupeLevel: 'individual', suppression: { 1: 'suppress' }, resultsAt: start + 10 });
    const openId = await insertFile(h, { accountId: w.ukAccount, userId: w.owner.id, results: b, resultsAt: start + 20 });
    // Outside the range, and another account's: not counted.
    await insertFile(h, { accountId: w.ukAccount, userId: w.owner.id, results: b, resultsAt: start - 2 * day });
    const other = await signedIn(h, ['account']);
    const otherAccount = await h.createGroup({ name: 'Other', type: 'account', territory: 'uk' });
    await h.addToGroup(otherAccount, other.id, 'owner');
    await insertFile(h, { accountId: otherAccount, userId: other.id, results: a, resultsAt: start + 10 });
    // Pay for the first.
    const paidCost = await costOf(paidId);
    const payment = okBody(await pay(h, w.owner, paidId));
    await payOnPage(h, checkoutUrlOf(payment));
    await call(h, w.owner, ShopCalls.getOrder, { query: { orderId: payment.orderId } });
    const openCost = await costOf(openId);

    const body = okBody(await summary(w.ukAccount, start, start + day));
    expect(body.map((maf: { mafId: number }) => maf.mafId)).toEqual([1]);
    const uk = body[0];
    expect(uk).toMatchObject({ mafName: 'Royal Mail PAF (sample)', mafCountryCode: 'GB' });
    const all: Block = uk.all;
    expect(all).toMatchObject({
      files: 2,
      cost: paidCost + openCost,
      inputRecords: 4200,
      outputRecords: a.outputRecordCount + b.outputRecordCount,
      matching: { matched: 3000, updated: 600, unmatched: 600 },
      deduplication: { child: 45, parent: 35, unique: 4200 - 80 },
    });
    expect(all.suppression).toEqual([
      { type: 'deceased', removed: 10, flagged: 0 },
      { type: 'goneAway', removed: 0, flagged: 6 },
      { type: 'mailingPreference', removed: 0, flagged: 0 },
    ]);
    const { rows } = await query<{ total_charges: string }>(h.db, 'select total_charges from bureau_job_charges where file_id = $1', [paidId]);
    expect(uk.purchased).toMatchObject({ files: 1, cost: Number(rows[0].total_charges), inputRecords: 3000, matching: { matched: 2000, updated: 500, unmatched: 500 } });
    expect(Number(rows[0].total_charges)).toBe(paidCost);
  });

  it('answers empty blocks for a range with no files, and Australian accounts their own reference file', async () => {
    const body = okBody(await summary(w.ukAccount, 0, 1000));
    expect(body[0].all).toMatchObject({ files: 0, cost: 0, inputRecords: 0 });
    const au = await summary(w.auAccount, 0, nowOf(h));
    expect(okBody(au).map((maf: { mafId: number; mafCountryCode: string }) => [maf.mafId, maf.mafCountryCode])).toEqual([[2, 'AU']]);
  });

  it('is for the account\'s owners and staff: members and strangers are refused, bad ranges and groups are 400', async () => {
    const member = await signedIn(h, ['account']);
    await h.addToGroup(w.ukAccount, member.id, 'member');
    expect((await summary(w.ukAccount, 0, 10, member)).body).toEqual({ statusCode: 403, msg: 'Only an owner of this group can do this' });
    const stranger = await signedIn(h, ['account']);
    expect((await summary(w.ukAccount, 0, 10, stranger)).body).toEqual({ statusCode: 403, msg: 'You do not have access to this group' });
    const sales = await signedIn(h, ['sales']);
    expect((await summary(w.ukAccount, 0, 10, sales)).status).toBe(200);
    expect((await summary(w.ukAccount, 10, 0)).status).toBe(400);
    expect((await summary(w.organisationId, 0, 10)).status).toBe(400);
  });
});
