// The demo's leads (server/seedLeads.ts): Northwind Partners has a lead in each stage of the
// pipeline, with its history, and the lead options are seeded, one of them retired.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, seedDemo } from '../../../server/seed';
import { type Caller } from '../support/calls';
import { createHarness, query, type Harness } from '../support/harness';
import { groupIdOf } from './fixtures';
import { nowOf } from '../support/catalogue';
import * as L from '../../../contract/leads/endpoints';
import { call, okBody } from '../support/api';

let h: Harness;
let partner: Caller;
let partnerId: number;

beforeAll(async () => {
  h = await createHarness();
  await seedDemo(h.db, nowOf(h));
  const { jwt, id } = await h.login('partner@example.com', demoPassword);
  partner = { id, email: 'partner@example.com', headers: h.bearer(jwt) };
  partnerId = await groupIdOf(h, 'Northwind Partners');
}, 60_000);
afterAll(() => h?.close());

const counts = async () =>
  (await query(h.db, 'select (select count(*)::int from leads) as leads, (select count(*)::int from lead_options) as options, (select count(*)::int from lead_status_history) as history')).rows[0];

describe('the demo leads', () => {
  it('gives Northwind Partners a lead in each stage of the pipeline, each with its moves', async () => {
    const body = okBody(await call(h, partner, L.listLeads, { query: { parentId: partnerId } }));
    expect(body.map((lead) => lead.status).sort()).toEqual(['contacted', 'new', 'proposal', 'qualified', 'won']);
    const won = body.find((lead) => lead.status === 'won');
    const detail = await call(h, partner, L.getLead, { query: { id: won?.id ?? 0 } });
    expect(okBody(detail).history.map((move) => move.to)).toEqual(['new', 'contacted', 'qualified', 'proposal', 'won']);
    expect(okBody(detail).closeDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('offers the lead options, one retired and kept on the lead that chose it', async () => {
    const body = okBody(await call(h, partner, L.listLeadOptions));
    expect(body.filter((o) => !o.retired)).toHaveLength(4);
    const retired = body.filter((o) => o.retired);
    expect(retired).toHaveLength(1);
    const chosen = await query(h.db, 'select count(*)::int as n from lead_choices where option_id = $1', [retired[0].id]);
    expect(chosen.rows[0]).toEqual({ n: 1 });
  });

  it('seeding again adds nothing', async () => {
    const before = await counts();
    await query(h.db, "update settings set value = '5' where key = 'demo_seed_version'");
    await seedDemo(h.db, nowOf(h));
    expect(await counts()).toEqual(before);
  });
});
